@game:mahe
Feature: Mahé — laying eggs
  A move that ends on or crosses space 21 lays eggs: the owner of the moving group's top
  turtle takes the face-up egg card, and the next card is turned face up.
  Rulebook section: Egg Cards.

  Rule: MAHE-6.1 A move that ends on or crosses space 21 takes the face-up egg card; leaving space 21 is not crossing it

    @clause:MAHE-6.1 @ruling:MAHE-R2
    Scenario: Crossing space 21 from space 20 with a 4
      Given a 4-player game of Mahé
      And the blue turtle is on space 20
      And the face-up egg card shows 4 eggs
      When the blue turtle moves with dice 4
      Then the blue turtle is on space 3
      And the blue player has collected egg cards showing 4

    @clause:MAHE-6.1
    Scenario: Ending exactly on space 21
      Given a 4-player game of Mahé
      And the blue turtle is on space 17
      And the face-up egg card shows 2 eggs
      When the blue turtle moves with dice 4
      Then the blue turtle is on space 21
      And the blue player has collected egg cards showing 2

    @clause:MAHE-6.1
    Scenario: Stopping one space short of the beach lays no eggs
      Given a 4-player game of Mahé
      And the blue turtle is on space 16
      And the face-up egg card shows 2 eggs
      When the blue turtle moves with dice 4
      Then the blue turtle is on space 20
      And the blue player has collected egg cards showing none
      And the face-up egg card shows 2 eggs

    @clause:MAHE-6.1 @ruling:MAHE-R2
    Scenario: Leaving space 21 is not crossing it
      Given a 4-player game of Mahé
      And the blue turtle is on space 21
      And the face-up egg card shows 6 eggs
      When the blue turtle moves with dice 5
      Then the blue turtle is on space 5
      And the blue player has collected egg cards showing none

    @clause:MAHE-6.1 @ruling:MAHE-R2
    Scenario: A full lap from space 21 crosses it once and takes one card
      Given a 4-player game of Mahé
      And the blue turtle is on space 21
      And the face-up egg card shows 6 eggs
      When the blue turtle moves with dice 3, 3, 1
      Then the blue turtle is on space 21
      And the blue player has collected egg cards showing 6
      And the next egg card is turned face up by chance

    @clause:MAHE-6.1 @ruling:MAHE-R5
    Scenario: Collected egg cards lie open for every player to see
      Given a 4-player game of Mahé
      And the blue turtle is on space 20
      And the face-up egg card shows 4 eggs
      When the blue turtle moves with dice 2
      Then each player can see the blue player's egg cards: 4

  Rule: MAHE-6.2 When a group lays eggs, the owner of its top turtle takes the card; the others get nothing

    @clause:MAHE-6.2
    Scenario: The bottom turtle moves a stack past the beach; the top owner takes the card
      Given a 4-player game of Mahé
      And the stack on space 19 is blue, red, yellow from bottom to top
      And the face-up egg card shows 3 eggs
      When the blue turtle moves with dice 4
      Then the yellow player has collected egg cards showing 3
      And the blue player has collected egg cards showing none
      And the red player has collected egg cards showing none

  Rule: MAHE-6.3 After a card is taken, the next card of the deck is turned face up

    @clause:MAHE-6.3
    Scenario: A new card comes face up and the deck shrinks
      Given a 4-player game of Mahé
      And the blue turtle is on space 20
      And the face-up egg card shows 4 eggs
      When the blue turtle moves with dice 1
      Then no egg card lies face up
      And the deck holds 19 cards
      And the next egg card is turned face up by chance
      When a 2-egg card is turned face up
      Then the face-up egg card shows 2 eggs
      And the deck holds 18 cards
      And it is the red player's turn

    @clause:MAHE-6.3
    Scenario: While the next card is turned face up, no die is rolled
      Given a 4-player game of Mahé
      And the blue turtle is on space 20
      And the face-up egg card shows 4 eggs
      When the blue turtle moves with dice 1
      Then the next egg card is turned face up by chance
      When a die showing 4 is rolled in place of the next egg card
      Then the request is refused with an error mentioning "a chance event (reveal) comes next"
      And the game state is unchanged

    @clause:MAHE-6.3
    Scenario: The last card of the deck is turned face up too
      One card is left in the deck when blue takes the face-up card: it comes face up like
      any other, and the beach space shows only once it has been taken in turn.

      Given a 4-player game of Mahé
      And the blue player has collected egg cards showing 1, 1, 1, 2, 2
      And the red player has collected egg cards showing 2, 3, 3, 3, 3
      And the yellow player has collected egg cards showing 3, 4, 4, 4, 4
      And the green player has collected egg cards showing 4, 5, 5
      And the face-up egg card shows 5 eggs
      And the blue turtle is on space 19
      When the blue turtle moves with dice 2
      Then the blue player has collected egg cards showing 1, 1, 1, 2, 2, 5
      And the deck holds 1 cards
      And the next egg card is turned face up by chance
      When a 5-egg card is turned face up
      Then the face-up egg card shows 5 eggs
      And the deck holds 0 cards
      And it is the red player's turn
