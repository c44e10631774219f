@game:mahe
Feature: Mahé — riding along
  A turtle that ends its move on an occupied space climbs on top. A moving turtle carries
  every turtle above it; the owner of the top turtle decides on the 2nd and 3rd die.
  Rulebook section: Riding Along.

  Rule: MAHE-5.1 A move ending on an occupied space puts the moving turtles on top of the stack there

    @clause:MAHE-5.1
    Scenario: A turtle lands on another and climbs on its shell
      Given a 4-player game of Mahé
      And the blue turtle is on space 4
      And the red turtle is on the raft
      And it is the red player's turn
      When the red turtle moves with dice 4
      Then the stack on space 4 is blue, red from bottom to top

    @clause:MAHE-5.1 @clause:MAHE-4.4
    Scenario: A turtle from the raft lands on a stack of two
      Given a 4-player game of Mahé
      And the stack on space 6 is blue, red from bottom to top
      And it is the yellow player's turn
      When the yellow turtle moves with dice 6
      Then the stack on space 6 is blue, red, yellow from bottom to top

    @clause:MAHE-5.1
    Scenario: A group keeps its order when it lands on another stack
      Given a 4-player game of Mahé
      And the stack on space 8 is blue, red from bottom to top
      And the stack on space 5 is green, yellow from bottom to top
      And it is the green player's turn
      When the green turtle moves with dice 3
      Then the stack on space 8 is blue, red, green, yellow from bottom to top

  Rule: MAHE-5.2 The owner of the top turtle of the moving group decides on the second and third die, even in another player's turn

    @clause:MAHE-5.2
    Scenario: The top turtle's owner decides in the middle turtle's turn
      Given a 4-player game of Mahé
      And the stack on space 18 is blue, red, yellow from bottom to top
      And it is the red player's turn
      When the first die shows 1
      Then the yellow player decides whether to roll again

    @clause:MAHE-5.2
    Scenario: The top turtle's owner still decides in a position saved and read back
      Given a 4-player game of Mahé
      And the stack on space 18 is blue, red, yellow from bottom to top
      And it is the red player's turn
      When the first die shows 1
      And the position is saved and read back
      Then the yellow player decides whether to roll again

    @clause:MAHE-5.2
    Scenario: A turtle alone decides for itself
      Given a 4-player game of Mahé
      And the stack on space 18 is blue, red, yellow from bottom to top
      And it is the yellow player's turn
      When the first die shows 4
      Then the yellow player decides whether to roll again

  Rule: MAHE-5.3 A moving turtle carries every turtle above it; the turtles below stay where they are

    @clause:MAHE-5.3 @clause:MAHE-5.2 @clause:MAHE-6.2 @example
    Scenario: The rulebook's stack: red carries yellow 18 spaces and yellow's owner takes the 5-egg card
      Rulebook, Riding Along, example (and the illustration on the last page): in red's
      turn the first die shows 1; yellow's owner asks for a second die (2) and a third (3);
      red and yellow move (1 + 2 + 3) x 3 = 18 spaces from space 18 to space 15, crossing
      space 21; blue stays; yellow's owner takes the face-up 5-egg card.

      Given a 4-player game of Mahé
      And the stack on space 18 is blue, red, yellow from bottom to top
      And the face-up egg card shows 5 eggs
      And it is the red player's turn
      When the first die shows 1
      And the yellow player rolls the next die, which shows 2
      And the yellow player rolls the next die, which shows 3
      Then the stack on space 15 is red, yellow from bottom to top
      And the stack on space 18 is blue from bottom to top
      And the yellow player has collected egg cards showing 5
      And the red player has collected egg cards showing none

    @clause:MAHE-5.3
    Scenario: The bottom turtle carries the whole stack
      Given a 4-player game of Mahé
      And the stack on space 2 is blue, red, yellow from bottom to top
      When the blue turtle moves with dice 3
      Then the stack on space 5 is blue, red, yellow from bottom to top

  Rule: MAHE-5.4 A bust sends the moving turtle and its riders to the raft; turtles below stay

    @clause:MAHE-5.4
    Scenario: A bust from the middle of a stack
      Given a 4-player game of Mahé
      And the stack on space 18 is blue, red, yellow from bottom to top
      And it is the red player's turn
      When the first die shows 2
      And the yellow player rolls the next die, which shows 6
      Then the red turtle is on the raft
      And the yellow turtle is on the raft
      And the stack on space 18 is blue from bottom to top

  Rule: MAHE-5.5 The raft is not a space: turtles there never stack

    @clause:MAHE-5.5 @ruling:MAHE-R3
    Scenario: After a bust, each turtle leaves the raft alone
      Given a 4-player game of Mahé
      And the stack on space 18 is blue, red, yellow from bottom to top
      And it is the red player's turn
      When the first die shows 5
      And the yellow player rolls the next die, which shows 5
      And the yellow turtle moves with dice 2
      Then the red turtle is on the raft
      And the yellow turtle is on space 2
