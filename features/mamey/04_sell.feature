@game:mamey
Feature: Mamey — selling beans at the Store
  A sale is one set of cards from hand. The Store board has a row for each kind of set and a
  column for each number of cards; the seller puts one Merchant cube on a free numbered
  square of the matching cell and earns that number at the end. The sold cards go face down
  in front of the seller. Only one cell of the real board is printed in the rulebook (three
  cards of one number in different colours: 6 or 4); scenarios that need another cell give
  its values themselves.
  Kinds of set: "a run" (consecutive cards of one colour), "a same-colour set" (cards of one
  colour and one number), "a same-number set" (cards of one number in different colours).
  Rulebook section: 2. Sell Beans.

  Rule: MAMEY-5.1 A sale is one set of at least two cards from hand: consecutive cards of one colour, cards of one colour and one number, or cards of one number in different colours

    @clause:MAMEY-5.1
    Scenario Outline: <cards> can be sold as <kind>
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "<cell>" holds the squares 5 and 3
      And Ana holds <cards> in hand
      And it is Ana's turn
      Then Ana may sell <cards> as <kind> on the 5 or the 3

      Examples:
        | cards                                 | kind              | cell                  |
        | red 2, red 3 and red 4                | a run             | run / 3 cards         |
        | blue 1 and blue 2                     | a run             | run / 2 cards         |
        | red 1, red 2, red 3, red 4 and red 5  | a run             | run / 5 cards         |
        | green 3 and green 3                   | a same-colour set | same colour / 2 cards |
        | green 3, green 3, green 3 and green 3 | a same-colour set | same colour / 4 cards |
        | red 5 and yellow 5                    | a same-number set | same number / 2 cards |
        | red 2, yellow 2, green 2 and blue 2   | a same-number set | same number / 4 cards |

    @clause:MAMEY-5.1 @ruling:MAMEY-R4
    Scenario Outline: <cards> cannot be sold as <kind>
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds <cards> in hand
      And it is Ana's turn
      When Ana tries to sell <cards> as <kind> on the 5
      Then the request is refused with an error mentioning "<error>"
      And the game state is unchanged

      Examples:
        | cards                   | kind              | error                                                                                      |
        | red 3, red 3 and blue 3 | a same-number set | MAMEY-5.1: cards of one number in different colours may not include two red cards          |
        | red 3 and blue 3        | a run             | MAMEY-5.1: consecutive cards of one colour are all one colour, unlike red 3, blue 3        |
        | red 2 and red 4         | a run             | MAMEY-5.1, MAMEY-6.1: red 2, red 4 cannot be made consecutive                              |
        | red 3 and red 4         | a same-colour set | MAMEY-5.1: cards of one colour and one number all show one number, unlike red 3, red 4     |
        | red 3 and blue 4        | a same-number set | MAMEY-5.1: cards of one number in different colours all show one number, unlike red 3, blue 4 |
        | red 3                   | a run             | MAMEY-5.1: a set has at least 2 cards, not 1                                               |

    @clause:MAMEY-5.1
    Scenario: Ana cannot sell cards she does not hold
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 3 cards" holds the squares 5 and 4
      And Ana holds red 2 and red 3 in hand
      And it is Ana's turn
      When Ana tries to sell red 2, red 3 and red 4 as a run on the 5
      Then the request is refused with an error mentioning "MAMEY-5.1: player 0 does not hold the cards to sell: red 4 missing"
      And the game state is unchanged

    @clause:MAMEY-5.1
    Scenario: The runs Ana may sell are made of the numbers she holds
      Ana holds red 2 and red 3: no run may use the red 1, which she does not hold.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 2 cards" holds the squares 2 and 1
      And Ana holds red 2 and red 3 in hand
      And it is Ana's turn
      Then Ana may sell red 2 and red 3 as a run on the 2 or the 1
      And Ana may not sell red 1 and red 2 as a run
      And Ana may not sell red 1, red 2 and red 3 as a run

  Rule: MAMEY-5.2 The Store board has a row for each kind of set and a column for each number of cards; the numbered squares of a cell are the Mamey its sales earn

    @clause:MAMEY-5.2 @example @ruling:MAMEY-R3
    Scenario: The rulebook's Store caption: three cards of one number in different colours sell for 6 or 4
      Rulebook, 2. Sell Beans (1), caption of the Store board: "You can sell 3 same number
      cards of different colors for 6 or 4 Mamey." This cell is printed in the rulebook, so
      the shipped Store board is used as it is.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 3, yellow 3 and blue 3 in hand
      And it is Ana's turn
      Then Ana may sell red 3, yellow 3 and blue 3 as a same-number set on the 6 or the 4
      When Ana sells red 3, yellow 3 and blue 3 as a same-number set on the 6
      Then Ana's cube is on the 6 of "same number / 3 cards"
      And Ana has sold red 3, yellow 3 and blue 3

    @clause:MAMEY-5.2
    Scenario: A value that the cell does not show is refused
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 3, yellow 3 and blue 3 in hand
      And it is Ana's turn
      When Ana tries to sell red 3, yellow 3 and blue 3 as a same-number set on the 5
      Then the request is refused with an error mentioning "MAMEY-5.2: the cell same number / 3 cards has the squares 6 and 4, no 5"
      And the game state is unchanged

  Rule: MAMEY-5.3 The seller puts one Merchant cube from hand on a free numbered square of the cell that matches the set

    @clause:MAMEY-5.3 @example @ruling:MAMEY-R3
    Scenario: The rulebook's placement example: three consecutive cards of one colour go on either square of their cell
      Rulebook, 2. Sell Beans (2): "when playing 3 consecutive cards of the same color, you
      must place your Merchant cube in one of the following two numbered squares". The
      rulebook does not print their numbers; this scenario gives them 5 and 4.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 3 cards" holds the squares 5 and 4
      And Ana holds green 2, green 3 and green 4 in hand
      And it is Ana's turn
      Then Ana may sell green 2, green 3 and green 4 as a run on the 5 or the 4
      When Ana sells green 2, green 3 and green 4 as a run on the 5
      Then Ana's cube is on the 5 of "run / 3 cards"
      And Ana has 3 Merchant cubes in hand and 3 in stock
      And Ana holds no cards in hand
      And it is Ben's turn

    @clause:MAMEY-5.3
    Scenario: Without a Merchant cube in hand, nothing can be sold
      Ana has her 7 cubes on the board (2) and in her stock (5): none in hand.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "same number / 2 cards" holds the squares 3 and 1
      And Ana's cube is on the 6 of "same number / 3 cards"
      And Ana's cube is on the 4 of "same number / 3 cards"
      And Ana has 0 Merchant cubes in hand and 5 in stock
      And Ana holds red 3 and yellow 3 in hand
      And it is Ana's turn
      Then Ana may sell nothing
      When Ana tries to sell red 3 and yellow 3 as a same-number set on the 3
      Then the request is refused with an error mentioning "MAMEY-5.3: player 0 has no Merchant cube in hand to place"
      And the game state is unchanged

  Rule: MAMEY-5.4 A numbered square takes one cube at most; a set whose cell has no free square cannot be sold

    @clause:MAMEY-5.4
    Scenario: Ben's cube on the 6 leaves Ana only the 4
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ben's cube is on the 6 of "same number / 3 cards"
      And Ana holds red 3, yellow 3 and blue 3 in hand
      And it is Ana's turn
      Then Ana may sell red 3, yellow 3 and blue 3 as a same-number set on the 4
      When Ana tries to sell red 3, yellow 3 and blue 3 as a same-number set on the 6
      Then the request is refused with an error mentioning "MAMEY-5.4: the 6 of same number / 3 cards already holds player 1's cube"
      And the game state is unchanged

    @clause:MAMEY-5.4
    Scenario: A square taken by the seller's own cube is not free either
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana's cube is on the 6 of "same number / 3 cards"
      And Ana holds red 3, yellow 3 and green 3 in hand
      And it is Ana's turn
      Then Ana may sell red 3, yellow 3 and green 3 as a same-number set on the 4

    @clause:MAMEY-5.4
    Scenario: Ana cannot sell onto the square her own cube holds
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana's cube is on the 6 of "same number / 3 cards"
      And Ana holds red 3, yellow 3 and green 3 in hand
      And it is Ana's turn
      When Ana tries to sell red 3, yellow 3 and green 3 as a same-number set on the 6
      Then the request is refused with an error mentioning "MAMEY-5.4: the 6 of same number / 3 cards already holds player 0's cube"
      And the game state is unchanged

    @clause:MAMEY-5.4
    Scenario: With both squares of the cell taken, the set cannot be sold
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "same number / 2 cards" holds the squares 3 and 1
      And Ben's cube is on the 6 of "same number / 3 cards"
      And Cal's cube is on the 4 of "same number / 3 cards"
      And Ana holds red 3, yellow 3 and blue 3 in hand
      And it is Ana's turn
      Then Ana may not sell red 3, yellow 3 and blue 3 as a same-number set
      And Ana may sell red 3 and yellow 3 as a same-number set on the 3 or the 1
      When Ana tries to sell red 3, yellow 3 and blue 3 as a same-number set on the 4
      Then the request is refused with an error mentioning "MAMEY-5.4: the 4 of same number / 3 cards already holds player 2's cube"
      And the game state is unchanged

  Rule: MAMEY-5.5 A sale places exactly one cube: one set of cards per turn

    @clause:MAMEY-5.5
    Scenario: Ana sells one of her two sets; the other stays in her hand and the turn passes
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 3, yellow 3, blue 3, green 1 and green 2 in hand
      And it is Ana's turn
      When Ana sells red 3, yellow 3 and blue 3 as a same-number set on the 6
      Then it is Ben's turn
      And Ana holds green 1 and green 2 in hand
      And Ana has 1 Merchant cube on the Store board
      And Ana has 3 Merchant cubes in hand and 3 in stock

    @clause:MAMEY-5.5
    Scenario: Ana sells two of her three green 3s; the third stays in her hand
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "same colour / 2 cards" holds the squares 3 and 2
      And Ana holds green 3, green 3 and green 3 in hand
      And it is Ana's turn
      When Ana sells green 3 and green 3 as a same-colour set on the 3
      Then Ana holds green 3 in hand
      And Ana has 1 cards in hand
      And Ana has sold green 3 and green 3

  Rule: MAMEY-5.6 Sold cards lie face down in front of the seller; nobody looks at them, the seller included, until the scoring

    @clause:MAMEY-5.6 @ruling:MAMEY-R8
    Scenario: Sold cards are hidden from every player, their seller included
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 3, yellow 3 and blue 3 in hand
      And it is Ana's turn
      When Ana sells red 3, yellow 3 and blue 3 as a same-number set on the 6
      Then Ana has sold red 3, yellow 3 and blue 3
      And Ana sees that Ana has sold 3 cards, but not which
      And Ben sees that Ana has sold 3 cards, but not which

    @clause:MAMEY-5.6 @clause:MAMEY-9.4
    Scenario: At the scoring the sold cards are turned face up for everybody
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana has sold red 3, yellow 3 and blue 3
      And Ana's cube is on the 6 of "same number / 3 cards"
      And Ben holds yellow 1 in hand
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 0 more turns follow this one
      And it is Ben's turn
      Then Ben sees that Ana has sold 3 cards, but not which
      When Ben hires a merchant, discarding yellow 1
      Then the game is over
      And Ben sees the cards Ana has sold: red 3, yellow 3 and blue 3
      And Ana sees the cards Ana has sold: red 3, yellow 3 and blue 3
