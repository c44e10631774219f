@game:mamey
Feature: Mamey — Jokers
  A Joker (the card printed X) can be played as any number of its own colour, 6 included.
  Each Joker played costs the seller one Merchant cube from hand, which goes back to the
  stock.
  Rulebook section: Joker Cards.

  Rule: MAMEY-6.1 A Joker plays as any number from 1 to 6, always of its own colour

    @clause:MAMEY-6.1 @clause:MAMEY-6.3 @example
    Scenario: The rulebook's Joker example: a run of three with the Joker standing for the 2
      Rulebook, Joker Cards, Example: three consecutive cards of one colour, the Joker
      substituting the card "2"; the seller puts one cube back into the stock for the Joker.
      The two squares of the three-card run cell are given 5 and 4 here.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 3 cards" holds the squares 5 and 4
      And Ana holds red 1, red Joker and red 3 in hand
      And it is Ana's turn
      When Ana sells red 1, red Joker and red 3 as a run on the 5
      Then Ana's cube is on the 5 of "run / 3 cards"
      And Ana has 2 Merchant cubes in hand and 4 in stock
      And Ana has sold red 1, red Joker and red 3

    @clause:MAMEY-6.1 @ruling:MAMEY-R4
    Scenario: A Joker standing for 6 makes a run of six cards
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 6 cards" holds the squares 10 and 9
      And Ana holds blue 1, blue 2, blue 3, blue 4, blue 5 and blue Joker in hand
      And it is Ana's turn
      Then Ana may sell blue 1, blue 2, blue 3, blue 4, blue 5 and blue Joker as a run on the 10 or the 9

    @clause:MAMEY-6.1
    Scenario: A red 1 and the red Joker sell as a run on the first square of their cell
      The Joker stands for the 2. The squares of the two-card run cell are given 2 and 1.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 2 cards" holds the squares 2 and 1
      And Ana holds red 1 and red Joker in hand
      And it is Ana's turn
      When Ana sells red 1 and red Joker as a run on the 2
      Then Ana's cube is on the 2 of "run / 2 cards"
      And Ana has sold red 1 and red Joker

    @clause:MAMEY-6.1
    Scenario: A Joker keeps its colour
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 2, red 3 and blue Joker in hand
      And it is Ana's turn
      When Ana tries to sell red 2, red 3 and blue Joker as a run on the 5
      Then the request is refused with an error mentioning "MAMEY-5.1: consecutive cards of one colour are all one colour, unlike red 2, red 3, blue Joker"
      And the game state is unchanged

    @clause:MAMEY-6.1 @ruling:MAMEY-R7
    Scenario: A Joker and a number card of its colour sell either as a run or as a same-colour set
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 2 cards" holds the squares 2 and 1
      And the Store cell "same colour / 2 cards" holds the squares 3 and 2
      And Ana holds red 3 and red Joker in hand
      And it is Ana's turn
      Then Ana may sell red 3 and red Joker as a run on the 2 or the 1
      And Ana may sell red 3 and red Joker as a same-colour set on the 3 or the 2

    @clause:MAMEY-6.1 @clause:MAMEY-6.3 @ruling:MAMEY-R4
    Scenario: A Joker joins four green 3s: a same-colour set of five cards
      The largest set of one colour and one number is the four 3s of a colour and its Joker
      standing for a fifth 3. The two squares of its cell are given 9 and 7 here.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "same colour / 5 cards" holds the squares 9 and 7
      And Ana holds green 3, green 3, green 3, green 3 and green Joker in hand
      And it is Ana's turn
      Then Ana may sell green 3, green 3, green 3, green 3 and green Joker as a same-colour set on the 9 or the 7
      When Ana sells green 3, green 3, green 3, green 3 and green Joker as a same-colour set on the 9
      Then Ana's cube is on the 9 of "same colour / 5 cards"
      And Ana has 2 Merchant cubes in hand and 4 in stock
      And Ana has sold green 3, green 3, green 3, green 3 and green Joker

    @clause:MAMEY-6.1
    Scenario: A Joker joins two 5s of other colours: a same-number set of three
      The blue Joker stands for the blue 5.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 5, yellow 5 and blue Joker in hand
      And it is Ana's turn
      Then Ana may sell red 5, yellow 5 and blue Joker as a same-number set on the 6 or the 4

  Rule: MAMEY-6.2 One sale may use several Jokers, with number cards or with other Jokers

    @clause:MAMEY-6.2 @clause:MAMEY-6.3
    Scenario: Two Jokers stand for 5s beside a red 5
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 5, yellow Joker and blue Joker in hand
      And it is Ana's turn
      When Ana sells red 5, yellow Joker and blue Joker as a same-number set on the 6
      Then Ana's cube is on the 6 of "same number / 3 cards"
      And Ana has 1 Merchant cube in hand and 5 in stock

    @clause:MAMEY-6.2 @ruling:MAMEY-R7
    Scenario: Jokers of two colours alone make a same-number set
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "same number / 2 cards" holds the squares 3 and 1
      And Ana holds red Joker and blue Joker in hand
      And it is Ana's turn
      Then Ana may sell red Joker and blue Joker as a same-number set on the 3 or the 1
      When Ana sells red Joker and blue Joker as a same-number set on the 3
      Then Ana has 1 Merchant cube in hand and 5 in stock

    @clause:MAMEY-6.2 @clause:MAMEY-6.3 @ruling:MAMEY-R7
    Scenario: Jokers of three colours alone make a same-number set
      One cube goes on the board and one per Joker to the stock: Ana's four cubes in hand.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "same number / 3 cards" holds the squares 6 and 4
      And Ana holds red Joker, blue Joker and yellow Joker in hand
      And it is Ana's turn
      Then Ana may sell red Joker, blue Joker and yellow Joker as a same-number set on the 6 or the 4
      When Ana sells red Joker, blue Joker and yellow Joker as a same-number set on the 4
      Then Ana's cube is on the 4 of "same number / 3 cards"
      And Ana has 0 Merchant cubes in hand and 6 in stock
      And Ana has sold red Joker, blue Joker and yellow Joker

  Rule: MAMEY-6.3 Each Joker played sends one Merchant cube from the seller's hand to the stock; without that cube the Joker cannot be played

    @clause:MAMEY-6.3
    Scenario: With one cube in hand, the sets without a Joker can still be sold
      Ana cannot afford any set with her red Joker, but red 1 and red 2 make a run alone.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 2 cards" holds the squares 2 and 1
      And Ana's cube is on the 4 of "same number / 3 cards"
      And Ana has 1 Merchant cube in hand and 5 in stock
      And Ana holds red 1, red 2 and red Joker in hand
      And it is Ana's turn
      Then Ana may sell red 1 and red 2 as a run on the 2 or the 1
      And Ana may not sell red 1 and red Joker as a run

    @clause:MAMEY-6.3
    Scenario: A Joker sale without a spare cube in hand is refused
      Ana has one cube in hand: enough for the board, not for the Joker as well.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 3 cards" holds the squares 5 and 4
      And Ana's cube is on the 4 of "same number / 3 cards"
      And Ana has 1 Merchant cube in hand and 5 in stock
      And Ana holds red 1, red Joker and red 3 in hand
      And it is Ana's turn
      Then Ana may not sell red 1, red Joker and red 3 as a run
      When Ana tries to sell red 1, red Joker and red 3 as a run on the 5
      Then the request is refused with an error mentioning "MAMEY-6.3: each Joker costs one more cube from hand: this sale needs 2 cubes (1 Joker(s) + 1 for the board), player 0 has 1 in hand"
      And the game state is unchanged

    @clause:MAMEY-6.3
    Scenario: With exactly two cubes in hand the Joker sale leaves none
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 3 cards" holds the squares 5 and 4
      And Ana's cube is on the 4 of "same number / 3 cards"
      And Ana has 2 Merchant cubes in hand and 4 in stock
      And Ana holds red 1, red Joker and red 3 in hand
      And it is Ana's turn
      When Ana sells red 1, red Joker and red 3 as a run on the 4
      Then Ana has 0 Merchant cubes in hand and 5 in stock
      And Ana has 2 Merchant cubes on the Store board
