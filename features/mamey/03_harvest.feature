@game:mamey
Feature: Mamey — harvesting beans
  Harvesting takes cards from the three fields: the player looks at field 1 first and either
  receives all its cards or returns them face up and moves on to field 2, then field 3; after
  three returns the player takes the top card of the deck. The fields checked are then
  replenished from the deck.
  Rulebook section: 1. Harvest Beans.

  Rule: MAMEY-4.1 A player with 7 or more cards in hand may not harvest; the number of cards in a hand is public

    @clause:MAMEY-4.1
    Scenario: With 7 cards in hand Ana may not harvest
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1, red 2, red 3, red 4, red 5, blue 1 and blue 2 in hand
      And it is Ana's turn
      Then Ana may not harvest
      When Ana tries to harvest
      Then the request is refused with an error mentioning "MAMEY-4.1: no harvesting with 7 or more cards in hand (player 0 holds 7)"
      And the game state is unchanged

    @clause:MAMEY-4.1
    Scenario: With 6 cards in hand Ana may harvest
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1, red 2, red 3, red 4, red 5 and blue 1 in hand
      And it is Ana's turn
      Then Ana may harvest

    @clause:MAMEY-4.1 @ruling:MAMEY-R8
    Scenario: Everybody sees how many cards a hand holds, but only its owner sees which
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1, blue 2 and green 3 in hand
      Then Ben sees that Ana holds 3 cards, but not which
      And Ana sees red 1, blue 2 and green 3 in their own hand

  Rule: MAMEY-4.2 Harvesting checks field 1, then 2, then 3: the player receives all the cards of a field, or returns them face up and checks the next field

    @clause:MAMEY-4.2 @clause:MAMEY-4.5 @example
    Scenario: The rulebook's harvest: field 1 returned face up, field 2 received, fields 1 and 2 replenished
      Rulebook, 1. Harvest Beans, Example: Player A checks the card in field 1, does not want
      it and returns it face up; checks field 2 and takes its card. Then a card from the top
      of the deck goes face down on field 1, and the next one face down on field 2. Field 3
      is not touched.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And it is Ana's turn
      When Ana harvests
      Then Ana is checking field 1
      And Ana sees the face-down card of field 1: blue 4
      And Ben sees field 1 as nothing face up and one face-down card
      When Ana returns field 1
      Then field 1 holds only blue 4 face up
      And Ana is checking field 2
      When Ana receives field 2
      And the next cards from the deck are yellow 1 and red 5
      Then Ana holds red 1 and red 2 in hand
      And field 1 holds blue 4 face up and yellow 1 face down
      And field 2 holds red 5 face down
      And field 3 holds green 5 face down
      And it is Ben's turn

    @clause:MAMEY-4.2
    Scenario: Receiving a field takes its face-up cards as well as the face-down one
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 holds red 3 and blue 3 face up and green 3 face down
      And it is Ana's turn
      When Ana harvests
      And Ana receives field 1
      And the next card from the deck is yellow 2
      Then Ana holds red 1, red 3, blue 3 and green 3 in hand
      And field 1 holds yellow 2 face down

    @clause:MAMEY-4.2
    Scenario: Beans received join the same beans already in hand
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 3 in hand
      And field 1 holds red 3 face up and red 3 face down
      And it is Ana's turn
      When Ana harvests
      And Ana receives field 1
      And the next card from the deck is yellow 2
      Then Ana holds red 3, red 3 and red 3 in hand

    @clause:MAMEY-4.2
    Scenario: A face-down red 1 is received like any other card
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds blue 1 in hand
      And field 1 holds red 1 face down
      And it is Ana's turn
      When Ana harvests
      And Ana receives field 1
      And the next card from the deck is yellow 2
      Then Ana holds red 1 and blue 1 in hand
      And Ana has 2 cards in hand

    @clause:MAMEY-4.2
    Scenario: A face-down red 1 is returned face up like any other card
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds blue 1 in hand
      And field 1 holds red 1 face down
      And it is Ana's turn
      When Ana harvests
      And Ana returns field 1
      Then field 1 holds only red 1 face up

    @clause:MAMEY-4.2 @clause:MAMEY-4.5
    Scenario: The card that replenishes a field leaves the deck, one copy only
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds blue 1 in hand
      And field 1 holds green 4 face down
      And the deck holds only red 3, red 3 and blue 2, every other card being in the discard pile
      And it is Ana's turn
      When Ana harvests
      And Ana receives field 1
      And the next card from the deck is red 3
      Then field 1 holds red 3 face down
      And the cards left in the deck are red 3 and blue 2

    @clause:MAMEY-4.2
    Scenario: While checking a field the only choices are to receive or return it
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And it is Ana's turn
      When Ana harvests
      Then the choices are receive field 1; return field 1
      When Ana tries to hire a merchant, discarding red 1
      Then the request is refused with an error mentioning "MAMEY-4.2: player 0 is checking field 1: receive or return it"
      And the game state is unchanged

  Rule: MAMEY-4.3 Receiving may take a hand to 7 cards or more

    @clause:MAMEY-4.3
    Scenario: With 6 cards Ana receives three more and holds 9
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1, red 2, red 4, red 5, blue 1 and blue 2 in hand
      And field 1 holds red 3 and blue 3 face up and green 3 face down
      And it is Ana's turn
      When Ana harvests
      And Ana receives field 1
      And the next card from the deck is yellow 2
      Then Ana has 9 cards in hand

  Rule: MAMEY-4.4 After returning the cards of all three fields, the player takes the top card of the deck

    @clause:MAMEY-4.4 @clause:MAMEY-4.5
    Scenario: Three returns: Ana takes the top card of the deck, then all three fields are replenished
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And it is Ana's turn
      When Ana harvests
      And Ana returns field 1
      And Ana returns field 2
      And Ana returns field 3
      And the next cards from the deck are yellow 3, red 4, blue 1 and green 2
      Then Ana holds red 1 and yellow 3 in hand
      And Ana has 2 cards in hand
      And field 1 holds blue 4 face up and red 4 face down
      And field 2 holds red 2 face up and blue 1 face down
      And field 3 holds green 5 face up and green 2 face down
      And it is Ben's turn

    @clause:MAMEY-4.4 @clause:MAMEY-4.5
    Scenario: Ben returns all three fields and takes a bean he already holds from the deck
      Three of the four red 3s are in the deck: the one Ben takes leaves two there.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ben holds red 3 in hand
      And field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And the deck holds only red 3, red 3, red 3, blue 2, green 1 and yellow 4, every other card being in the discard pile
      And it is Ben's turn
      When Ben harvests
      And Ben returns field 1
      And Ben returns field 2
      And Ben returns field 3
      And the next cards from the deck are red 3, blue 2, green 1 and yellow 4
      Then Ben holds red 3 and red 3 in hand
      And field 1 holds blue 4 face up and blue 2 face down
      And field 2 holds red 2 face up and green 1 face down
      And field 3 holds green 5 face up and yellow 4 face down
      And the cards left in the deck are red 3 and red 3
      And it is Cal's turn

    @clause:MAMEY-4.4
    Scenario: Three returns saved and read back before the draw: the card still goes to Ana first
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And it is Ana's turn
      When Ana harvests
      And Ana returns field 1
      And Ana returns field 2
      And Ana returns field 3
      And the position is saved and read back
      And the next cards from the deck are yellow 3, red 4, blue 1 and green 2
      Then Ana holds red 1 and yellow 3 in hand
      And field 1 holds blue 4 face up and red 4 face down
      And field 3 holds green 5 face up and green 2 face down
      And it is Ben's turn

  Rule: MAMEY-4.5 The fields checked are replenished with one face-down card each from the deck, in field order; after a card from the deck, all three are

    @clause:MAMEY-4.5
    Scenario: Receiving field 1 replenishes field 1 only
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And it is Ana's turn
      When Ana harvests
      And Ana receives field 1
      And the next card from the deck is yellow 1
      Then field 1 holds yellow 1 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And the deck holds 55 cards
      And it is Ben's turn

    @clause:MAMEY-4.5
    Scenario: Receiving field 3 replenishes fields 1, 2 and 3, in that order
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And it is Ana's turn
      When Ana harvests
      And Ana returns field 1
      And Ana returns field 2
      And Ana receives field 3
      And the next cards from the deck are red 4, blue 1 and green 2
      Then Ana holds red 1 and green 5 in hand
      And field 1 holds blue 4 face up and red 4 face down
      And field 2 holds red 2 face up and blue 1 face down
      And field 3 holds green 2 face down

    @clause:MAMEY-4.3 @clause:MAMEY-4.5
    Scenario: Replenishing saved and read back after field 1: fields 2 and 3 still follow
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And it is Ana's turn
      When Ana harvests
      And Ana returns field 1
      And Ana returns field 2
      And Ana receives field 3
      And the next card from the deck is red 4
      And the position is saved and read back
      And the next cards from the deck are blue 1 and green 2
      Then Ana holds red 1 and green 5 in hand
      And field 1 holds blue 4 face up and red 4 face down
      And field 2 holds red 2 face up and blue 1 face down
      And field 3 holds green 2 face down
      And it is Ben's turn

  Rule: MAMEY-4.6 Once the deck is empty the fields are not replenished; a vacant field can still be checked, and receiving it gives nothing

    @clause:MAMEY-4.6 @ruling:MAMEY-R9
    Scenario: Ana receives a vacant field: she gets nothing and her turn ends
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 is vacant
      And field 2 holds red 2 face down
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 3 more turns follow this one
      And it is Ana's turn
      When Ana harvests
      Then Ana is checking field 1
      When Ana receives field 1
      Then Ana holds red 1 in hand
      And field 1 is vacant
      And it is Ben's turn

    @clause:MAMEY-4.6 @ruling:MAMEY-R9
    Scenario: A vacant field can be returned; a field received after the deck ran out stays vacant
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 is vacant
      And field 2 holds red 2 face down
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 3 more turns follow this one
      And it is Ana's turn
      When Ana harvests
      And Ana returns field 1
      Then field 1 is vacant
      And Ana is checking field 2
      When Ana receives field 2
      Then Ana holds red 1 and red 2 in hand
      And field 1 is vacant
      And field 2 is vacant
      And it is Ben's turn

    @clause:MAMEY-4.6 @ruling:MAMEY-R6
    Scenario: Three returns with an empty deck give no card
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And field 1 is vacant
      And field 2 holds only red 2 face up
      And field 3 holds green 5 face down
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 3 more turns follow this one
      And it is Ana's turn
      When Ana harvests
      And Ana returns field 1
      And Ana returns field 2
      And Ana returns field 3
      Then Ana holds red 1 in hand
      And field 2 holds only red 2 face up
      And field 3 holds only green 5 face up
      And it is Ben's turn
