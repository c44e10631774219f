@game:mahe
Feature: Mahé — rolling the dice
  Dice are rolled one at a time. After each die the player decides whether to roll another,
  up to three. A total above 7 after the second or third die is a bust.
  Rulebook section: Gameplay.

  Rule: MAHE-3.1 The first die is always rolled

    @clause:MAHE-3.1
    Scenario: A turn starts with the first die, before any decision
      Given a 4-player game of Mahé
      And it is the blue player's turn
      Then the blue turtle is about to move
      And the possible first-die outcomes are 1, 2, 3, 4, 5, 6 with probability 1/6 each

    @clause:MAHE-3.1
    Scenario Outline: The first die is rolled: a <eggs>-egg card cannot come up in its place
      Given a 4-player game of Mahé
      And it is the blue player's turn
      When a <eggs>-egg card is turned up in place of the first die
      Then the request is refused with an error mentioning "a chance event (first die) comes next"
      And the game state is unchanged

      Examples:
        | eggs |
        | 1    |
        | 2    |
        | 3    |
        | 4    |
        | 5    |
        | 6    |

    @clause:MAHE-3.1
    Scenario: The first die is rolled: the player cannot stop before it
      Given a 4-player game of Mahé
      And it is the blue player's turn
      When the blue player tries to stop
      Then the request is refused with an error mentioning "a chance event (first die) comes next"
      And the game state is unchanged

    @clause:MAHE-3.1
    Scenario: Every move starts with a first die of its own, the next player's too
      The first die of the red player's move is rolled before any choice, and it alone moves
      the red turtle: the blue player's die is not part of it.

      Given a 4-player game of Mahé
      And the blue turtle is on space 1
      And the red turtle is on space 10
      And it is the blue player's turn
      When the first die shows 2
      And the blue player stops
      Then the blue turtle is on space 3
      And it is the red player's turn
      And the red turtle is about to move
      And the possible first-die outcomes are 1, 2, 3, 4, 5, 6 with probability 1/6 each
      When the first die shows 5
      And the red player stops
      Then the red turtle is on space 15

  Rule: MAHE-3.2 After the first and the second die the player may stop or roll again; three dice at most

    @clause:MAHE-3.2
    Scenario: After one die the player may stop or roll again
      Given a 4-player game of Mahé
      And it is the blue player's turn
      When the first die shows 3
      Then the blue player decides whether to roll again
      And the choices are stop, roll

    @clause:MAHE-3.2
    Scenario: The player stops or rolls: a die result cannot stand in for the choice
      Given a 4-player game of Mahé
      And it is the blue player's turn
      When the first die shows 3
      And a die showing 4 is given in place of the blue player's choice
      Then the request is refused with an error mentioning "must stop, roll or play a card"
      And the game state is unchanged

    @clause:MAHE-3.2
    Scenario: After two dice totalling 7 or less the player may still roll a third
      Given a 4-player game of Mahé
      When the first die shows 2
      And the blue player rolls the next die, which shows 3
      Then the blue player decides whether to roll again
      And the choices are stop, roll

    @clause:MAHE-3.2
    Scenario: There is no fourth die
      After the third die the move is made at once; asking for another die is refused.

      Given a 4-player game of Mahé
      And the blue turtle is on space 1
      When the first die shows 1
      And the blue player rolls the next die, which shows 1
      And the blue player rolls the next die, which shows 1
      Then the blue turtle is on space 10
      When the blue player asks for a fourth die
      Then the request is refused with an error mentioning "three dice at most"
      And the game state is unchanged

  Rule: MAHE-3.3 A total above 7 after the second or third die is a bust: the turtle goes to the raft and the turn passes to the next player

    @clause:MAHE-3.3 @example
    Scenario: The rulebook's bust: 2, then 6
      Rulebook, Gameplay, first example: the first die shows 2, the player rolls again and
      gets 6; 2 + 6 = 8 is more than 7.

      Given a 4-player game of Mahé
      And the blue turtle is on space 5
      And it is the blue player's turn
      When the first die shows 2
      And the blue player rolls the next die, which shows 6
      Then the blue turtle is on the raft
      And it is the red player's turn

    @clause:MAHE-3.3
    Scenario: A bust on the third die
      Given a 4-player game of Mahé
      And the blue turtle is on space 9
      When the first die shows 3
      And the blue player rolls the next die, which shows 2
      And the blue player rolls the next die, which shows 3
      Then the blue turtle is on the raft
      And it is the red player's turn

    @clause:MAHE-3.3
    Scenario Outline: Dice <dice> total more than 7: a bust
      Given a 4-player game of Mahé
      And the blue turtle is on space 12
      When the blue turtle moves with dice <dice>
      Then the blue turtle is on the raft

      Examples:
        | dice    |
        | 2, 6    |
        | 6, 6    |
        | 4, 4    |
        | 1, 2, 5 |
        | 5, 1, 2 |
        | 3, 3, 6 |

  Rule: MAHE-3.4 A single die never busts, whatever it shows

    @clause:MAHE-3.4 @ruling:MAHE-R1
    Scenario: A first die of 6 and a stop moves 6 spaces
      Given a 4-player game of Mahé
      When the first die shows 6
      And the blue player stops
      Then the blue turtle is on space 6
