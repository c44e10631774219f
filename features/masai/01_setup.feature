@game:masai
Feature: Masai — components, setup and the board
  Players assemble a necklace of dice and seeds. The board has six sectors, one per dice
  colour; the dice start in a cloth bag and each player gets a set of seeds.
  Rulebook sections: Components, Setup, Board, Sectors.

  Rule: MASAI-1.1 The game has 48 dice, 8 of each of six colours, all in the bag at the start

    @clause:MASAI-1.1
    Scenario: At setup the bag holds 8 dice of each colour
      Given a 4-player game of Masai
      And the game is set up
      Then the bag holds 8 red, 8 orange, 8 yellow, 8 green, 8 blue and 8 violet dice
      And the pool is empty
      And the round's dice are being drawn

    @clause:MASAI-1.1
    Scenario: A ninth die of one colour cannot exist
      Given a 2-player game of Masai
      When a position with 9 green dice in the pool is described
      Then the request is refused with an error mentioning "there are 9 green dice"

  Rule: MASAI-2.1 Each player gets 20 seeds in a 2-player game, 15 in a game for 3 or 4

    @clause:MASAI-2.1
    Scenario Outline: <players> players start with <seeds> seeds each
      Given a <players>-player game of Masai
      And the game is set up
      Then every player has <seeds> seeds left

      Examples:
        | players | seeds |
        | 2       | 20    |
        | 3       | 15    |
        | 4       | 15    |

  Rule: MASAI-2.2 Two to four players take part

    @clause:MASAI-2.2
    Scenario Outline: A game for <players> players is refused
      When a <players>-player game of Masai is requested
      Then the request is refused with an error mentioning "played by 2 to 4 players, not <players>"

      Examples:
        | players |
        | 1       |
        | 5       |

  Rule: MASAI-3.1 Six sectors, one per colour, each of two areas with 3 die slots and 3 seed slots

    @clause:MASAI-3.1 @ruling:MASAI-R1
    Scenario: The shipped board has six sectors of two areas each
      Given a 2-player game of Masai
      Then the board has 6 sectors, 12 areas, 36 die slots and 36 seed slots
      And every area has 3 die slots and 3 seed slots
      And the board is marked unverified

    @clause:MASAI-3.1
    Scenario: A board file with a slot in two areas is refused
      When a board is loaded in which die slot G-in-d1 is also listed in area G-out
      Then the request is refused with an error mentioning "die slot G-in-d1 is in two areas: G-in and G-out"

    @clause:MASAI-3.1
    Scenario: A board file with a seed slot joined to nothing is refused
      When a board is loaded in which seed slot G-in-s3 joins no die slot
      Then the request is refused with an error mentioning "seed slot G-in-s3 is joined to no die slot"

  Rule: MASAI-3.2 The sectors are connected by an inner (dotted) line and an outer (solid) line

    @clause:MASAI-3.2 @ruling:MASAI-R1
    Scenario: On the shipped board each sector has one inner-line and one outer-line area
      Given a 2-player game of Masai
      Then every sector has one area on the inner line and one on the outer line
      And area G-in is on the inner line
      And area G-out is on the outer line

    @clause:MASAI-3.2
    Scenario: A seed slot cannot join die slots of the other line
      When a board is loaded in which seed slot G-in-s3 joins die slot G-out-d2
      Then the request is refused with an error mentioning "on the inner line but joins die slot G-out-d2 on the outer line"

  Rule: MASAI-3.3 No two dice in a sector may show the same face

    @clause:MASAI-3.3
    Scenario: A die showing a face already in the sector is refused
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the necklace holds green 4 on G-out-d2
      And the pool holds green 1, blue 4
      When Rennan takes green 1 as the key of the green sector
      And Rennan tries to place blue 4 on G-in-d1
      Then the request is refused with an error mentioning "the green sector already holds a die showing 4 (on G-out-d2)"
      And the game state is unchanged

    @clause:MASAI-3.3 @ruling:MASAI-R5
    Scenario: The key does not count: a die may show the key's face
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the pool holds green 4, red 4
      When Rennan takes green 4 as the key of the green sector
      And Rennan places red 4 on G-in-d1
      Then red 4 is on G-in-d1
      And the key of the green sector is green 4

    @clause:MASAI-3.3
    Scenario: A full sector shows each face once
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the necklace holds these dice:
        | slot     | die      |
        | B-in-d1  | blue 1   |
        | B-in-d2  | red 2    |
        | B-in-d3  | blue 3   |
        | B-out-d1 | violet 4 |
        | B-out-d2 | blue 5   |
      And the pool holds blue 2, green 6, yellow 3
      When Rennan takes blue 2 as the key of the blue sector
      Then without a special action the only placement is green 6 on B-out-d3
