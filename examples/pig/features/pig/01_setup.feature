@game:pig
Feature: Pig — players and setup
  Two or more players race to 100 points with one die.

  Rule: PIG-1.1 Two to ten players take part

    @clause:PIG-1.1 @ruling:PIG-R3
    Scenario Outline: A game for <players> players can be set up
      Given a <players>-player game of Pig
      And the game is set up
      Then every score is 0

      Examples:
        | players |
        | 2       |
        | 10      |

    @clause:PIG-1.1 @ruling:PIG-R3
    Scenario Outline: A game for <players> players is refused
      When a <players>-player game of Pig is requested
      Then the request is refused with an error mentioning "pig is played by 2 to 10 players"

      Examples:
        | players |
        | 1       |
        | 11      |

  Rule: PIG-1.2 Every score starts at 0 and the first player begins

    @clause:PIG-1.2
    Scenario: The first player begins with every score at 0
      Given a 3-player game of Pig
      And the game is set up
      Then every score is 0
      And it is player 1's turn with a turn total of 0
      And player 1 can roll or hold

    @clause:PIG-1.2
    Scenario: The die has six faces
      Given a 2-player game of Pig
      And the game is set up
      When player 1 rolls
      Then each face from 1 to 6 comes up with probability 1/6
