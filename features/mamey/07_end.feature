@game:mamey
Feature: Mamey — the end of the game
  When the deck runs out while the fields are being replenished, the current player finishes
  the turn; then every player, the current one included, takes one more turn, and the game
  ends.
  Rulebook section: Game Ending Conditions.

  Rule: MAMEY-8.1 When the deck runs out while replenishing, the turn is finished, every player then takes one more turn (the current player included), and the game ends

    @clause:MAMEY-8.1
    Scenario: The last card of the deck replenishes field 1; four more turns follow
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And Ben holds blue 1 in hand
      And Cal holds green 1 in hand
      And Dee holds yellow 5 in hand
      And field 1 holds blue 4 face down
      And the deck holds only yellow 1, every other card being in the discard pile
      And it is Ana's turn
      Then the end of the game has not been triggered
      When Ana harvests
      And Ana receives field 1
      And the next card from the deck is yellow 1
      Then field 1 holds yellow 1 face down
      And the deck holds 0 cards
      And it is Ben's turn
      And the end of the game is triggered: 3 more turns follow this one
      When Ben hires a merchant, discarding blue 1
      And Cal hires a merchant, discarding green 1
      And Dee hires a merchant, discarding yellow 5
      Then it is Ana's turn
      And the game is not over
      When Ana hires a merchant, discarding blue 4
      Then the game is over

    @clause:MAMEY-8.1 @ruling:MAMEY-R5
    Scenario: The deck runs out partway through replenishing: field 2 stays vacant
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And the deck holds only yellow 1, every other card being in the discard pile
      And it is Ana's turn
      When Ana harvests
      And Ana returns field 1
      And Ana receives field 2
      And the next card from the deck is yellow 1
      Then field 1 holds blue 4 face up and yellow 1 face down
      And field 2 is vacant
      And it is Ben's turn
      And the end of the game is triggered: 3 more turns follow this one

    @clause:MAMEY-8.1 @ruling:MAMEY-R5
    Scenario: Three returns take the last card; the fields cannot be replenished and the end is triggered
      Given a 3-player game of Mamey
      And the players are Ana, Ben and Cal
      And Ana holds red 1 in hand
      And Ben holds blue 1 in hand
      And Cal holds green 1 in hand
      And field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And the deck holds only yellow 1, every other card being in the discard pile
      And it is Ana's turn
      When Ana harvests
      And Ana returns field 1
      And Ana returns field 2
      And Ana returns field 3
      And the next card from the deck is yellow 1
      Then Ana holds red 1 and yellow 1 in hand
      And field 1 holds only blue 4 face up
      And field 2 holds only red 2 face up
      And field 3 holds only green 5 face up
      And it is Ben's turn
      And the end of the game is triggered: 2 more turns follow this one
      When Ben hires a merchant, discarding blue 1
      And Cal hires a merchant, discarding green 1
      And Ana hires a merchant, discarding red 1
      Then the game is over

    @clause:MAMEY-8.1
    Scenario: While the deck still holds cards after replenishing, the game goes on
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 holds blue 4 face down
      And the deck holds only yellow 1 and yellow 2, every other card being in the discard pile
      And it is Ana's turn
      When Ana harvests
      And Ana receives field 1
      And the next card from the deck is yellow 1
      Then the deck holds 1 cards
      And it is Ben's turn
      And the end of the game has not been triggered
