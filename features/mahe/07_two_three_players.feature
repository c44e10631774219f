@game:mahe
Feature: Mahé — two or three players
  With two or three players each player races two turtles. In each turn the player chooses
  which turtle moves first, then moves both, each with its own dice.
  Rulebook section: Playing with Two or Three Players.

  Rule: MAHE-8.1 With two or three players, each player controls two turtles

    @clause:MAHE-8.1 @ruling:MAHE-R11
    Scenario Outline: In a <players>-player game, player 1 races the <turtles> turtles
      Given a <players>-player game of Mahé
      Then player 1 races the <turtles> turtles

      Examples:
        | players | turtles      |
        | 2       | blue, yellow |
        | 3       | blue, green  |
        | 4       | blue         |

  Rule: MAHE-8.2 Each turn the player chooses which turtle moves first, then moves both, each with its own dice

    @clause:MAHE-8.2
    Scenario: Player 1 moves yellow first, then blue, then the turn passes
      Given a 2-player game of Mahé
      And the blue turtle is on space 1
      And the yellow turtle is on space 2
      And it is player 1's turn
      Then player 1 must choose which turtle moves first
      When player 1 chooses to move the yellow turtle first
      And the yellow turtle moves with dice 3
      Then the yellow turtle is on space 5
      And the blue turtle is about to move
      When the blue turtle moves with dice 2
      Then the blue turtle is on space 3
      And it is player 2's turn
      And player 2 must choose which turtle moves first

    @clause:MAHE-8.2 @ruling:MAHE-R8
    Scenario: A bust of the first turtle does not cost the second its move
      Given a 3-player game of Mahé
      And the blue turtle is on space 4
      And the green turtle is on space 9
      And it is player 1's turn
      When player 1 chooses to move the blue turtle first
      And the blue turtle moves with dice 5, 5
      Then the blue turtle is on the raft
      And the green turtle is about to move
      When the green turtle moves with dice 1
      Then the green turtle is on space 10
      And it is player 2's turn

  Rule: MAHE-8.3 A player's eggs are those laid by both their turtles

    @clause:MAHE-8.3
    Scenario: Both turtles lay eggs for the same player
      Given a 2-player game of Mahé
      And the yellow turtle is on space 20
      And the blue turtle is on space 19
      And the face-up egg card shows 4 eggs
      And it is player 1's turn
      When player 1 chooses to move the yellow turtle first
      And the yellow turtle moves with dice 1
      And a 2-egg card is turned face up
      And the blue turtle moves with dice 2
      Then player 1 has collected egg cards showing 4, 2
      And player 1 has 6 eggs
