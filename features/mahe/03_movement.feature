@game:mahe
Feature: Mahé — moving round the island
  Turtles move counter-clockwise round a loop of 21 spaces: space 1 follows space 21.
  Rulebook section: Turtle Movement.

  Rule: MAHE-4.1 Turtles move counter-clockwise round the loop, space 1 following space 21, and may pass other turtles

    @clause:MAHE-4.1
    Scenario: From space 20 a move of 3 ends on space 2
      Given a 4-player game of Mahé
      And the blue turtle is on space 20
      When the blue turtle moves with dice 3
      Then the blue turtle is on space 2

    @clause:MAHE-4.1
    Scenario: A turtle passes over an occupied space without stopping
      Given a 4-player game of Mahé
      And the blue turtle is on space 3
      And the red turtle is on space 5
      When the blue turtle moves with dice 4
      Then the blue turtle is on space 7
      And the stack on space 5 is red from bottom to top

  Rule: MAHE-4.2 One die moves its face; two dice move twice their total; three dice three times their total

    @clause:MAHE-4.2 @example
    Scenario: The rulebook's two dice: 4 and 2 move 12 spaces
      Rulebook, Turtle Movement: two dice showing 4 and 2 total 6, so the turtle moves
      6 x 2 = 12 spaces.

      Given a 4-player game of Mahé
      And the blue turtle is on space 3
      When the first die shows 4
      And the blue player rolls the next die, which shows 2
      And the blue player stops
      Then the blue turtle is on space 15

    @clause:MAHE-4.2 @clause:MAHE-4.4
    Scenario Outline: From the raft, dice <dice> move <spaces> spaces
      Given a 4-player game of Mahé
      And the blue turtle is on the raft
      When the blue turtle moves with dice <dice>
      Then the blue turtle is on space <spaces>

      Examples: one die
        | dice | spaces |
        | 1    | 1      |
        | 2    | 2      |
        | 3    | 3      |
        | 4    | 4      |
        | 5    | 5      |
        | 6    | 6      |

      Examples: two dice
        | dice | spaces |
        | 1, 1 | 4      |
        | 2, 1 | 6      |
        | 2, 2 | 8      |
        | 1, 4 | 10     |
        | 4, 2 | 12     |
        | 3, 3 | 12     |
        | 6, 1 | 14     |

      Examples: three dice
        | dice    | spaces |
        | 1, 1, 1 | 9      |
        | 2, 1, 1 | 12     |
        | 1, 3, 1 | 15     |
        | 2, 2, 2 | 18     |
        | 1, 5, 1 | 21     |

  Rule: MAHE-4.3 A move of 21 spaces sails once round the island: back to its start, or onto space 21 from the raft

    @clause:MAHE-4.3 @clause:MAHE-6.1 @example @ruling:MAHE-R2
    Scenario: The rulebook's three dice: 2, 1 and 4 bring a turtle back to its space
      Rulebook, Turtle Movement: three dice showing 2, 1 and 4 total 7, so the turtle moves
      7 x 3 = 21 spaces and returns to the space it started from. On the way it crosses
      space 21, so it takes the face-up egg card.

      Given a 4-player game of Mahé
      And the blue turtle is on space 10
      And the face-up egg card shows 3 eggs
      When the first die shows 2
      And the blue player rolls the next die, which shows 1
      And the blue player rolls the next die, which shows 4
      Then the blue turtle is on space 10
      And the blue player has collected egg cards showing 3

    @clause:MAHE-4.3 @clause:MAHE-6.1 @example
    Scenario: The rulebook's three dice from the raft: 2, 1 and 4 end on space 21
      Rulebook, Turtle Movement: from the raft the same 21 spaces end on space 21, the
      beach, where the turtle lays eggs.

      Given a 4-player game of Mahé
      And the blue turtle is on the raft
      And the face-up egg card shows 4 eggs
      When the first die shows 2
      And the blue player rolls the next die, which shows 1
      And the blue player rolls the next die, which shows 4
      Then the blue turtle is on space 21
      And the blue player has collected egg cards showing 4

  Rule: MAHE-4.4 From the raft a move of n spaces ends on space n

    @clause:MAHE-4.4
    Scenario: A turtle leaves the raft with a single 5
      Given a 4-player game of Mahé
      And the red turtle is on the raft
      And it is the red player's turn
      When the red turtle moves with dice 5
      Then the red turtle is on space 5
      And the turtles on the raft are blue, yellow, green
