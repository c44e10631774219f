// The playground's Web Worker: boots Pyodide from the site's own playground/ folder, unpacks
// pytest, pytest-bdd and the project (engine, steps, features), and answers the panel's
// requests through rulebooks.site.playground_runner. Nothing is fetched from elsewhere.
let runner = null;
let info = null;

async function boot(base) {
  const started = performance.now();
  const { loadPyodide } = await import(base + "pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: base + "pyodide/" });
  const [packages, project, manifest] = await Promise.all(
    ["packages.zip", "project.zip", "manifest.json"].map(async (name) => {
      const response = await fetch(base + name);
      if (!response.ok) throw new Error(`the site has no playground/${name} (${response.status})`);
      return name.endsWith(".json") ? response.json() : response.arrayBuffer();
    }),
  );
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(packages, "zip", { extractDir: sitePackages });
  pyodide.FS.mkdirTree("/home/pyodide/project");
  pyodide.unpackArchive(project, "zip", { extractDir: "/home/pyodide/project" });
  pyodide.runPython(
    [
      "import importlib, os, sys",
      "os.chdir('/home/pyodide/project')",
      "sys.path.insert(0, '/home/pyodide/project')",
      "importlib.invalidate_caches()",
      "from rulebooks.site import playground_runner",
    ].join("\n"),
  );
  runner = pyodide.globals.get("playground_runner");
  runner.warm_up();
  info = { ...manifest, boot_seconds: (performance.now() - started) / 1000 };
}

self.onmessage = async (event) => {
  const { id, kind, base, feature, line, text } = event.data;
  try {
    if (runner === null) await boot(base);
    if (kind === "all") {
      const started = performance.now();
      const found = runner.run_all().toJs({ dict_converter: Object.fromEntries });
      self.postMessage({ id, ok: true, info, found, seconds: (performance.now() - started) / 1000 });
    } else if (kind === "source") {
      self.postMessage({ id, ok: true, info, text: runner.source(feature, line) });
    } else {
      const started = performance.now();
      const result = runner.run(feature, line, text).toJs();
      const seconds = (performance.now() - started) / 1000;
      const shown = JSON.parse(runner.shown_after_run(event.data.seed || 1));
      self.postMessage({ id, ok: true, info, code: result[0], output: result[1], seconds, ...shown });
    }
  } catch (error) {
    self.postMessage({ id, ok: false, error: String((error && error.message) || error) });
  }
};
