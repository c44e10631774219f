@game:mamey
Feature: Mamey — hiring a merchant
  Hiring turns one card from hand into a Merchant cube from the stock. The discard pile lies
  face up; anyone may look through it.
  Rulebook section: 3. Hire a Merchant.

  Rule: MAMEY-7.1 Hiring discards one card from hand face up and takes one Merchant cube from the stock into hand

    @clause:MAMEY-7.1
    Scenario: Ana discards red 3 and takes a cube from her stock
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 3 and blue 1 in hand
      And it is Ana's turn
      When Ana hires a merchant, discarding red 3
      Then Ana holds blue 1 in hand
      And Ana has 5 Merchant cubes in hand and 2 in stock
      And the discard pile holds red 3
      And Ben sees red 3 in the discard pile
      And it is Ben's turn

    @clause:MAMEY-7.1
    Scenario: Ana holds two red 3s and discards one of them
      Hiring discards one card: the other copy stays in her hand.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 3, red 3 and blue 1 in hand
      And it is Ana's turn
      When Ana hires a merchant, discarding red 3
      Then Ana holds red 3 and blue 1 in hand
      And Ana has 2 cards in hand
      And Ana has 5 Merchant cubes in hand and 2 in stock
      And the discard pile holds red 3
      And it is Ben's turn

    @clause:MAMEY-7.1
    Scenario: A card that is not in hand cannot be discarded
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1 in hand
      And it is Ana's turn
      When Ana tries to hire a merchant, discarding blue 5
      Then the request is refused with an error mentioning "MAMEY-7.1: player 0 holds no blue 5 to discard"
      And the game state is unchanged

  Rule: MAMEY-7.2 With no cube left in the stock, hiring only discards the card

    @clause:MAMEY-7.2
    Scenario: Ana's stock is empty: she discards and gets no cube
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana has 7 Merchant cubes in hand and 0 in stock
      And Ana holds red 3 and blue 1 in hand
      And it is Ana's turn
      When Ana hires a merchant, discarding red 3
      Then Ana has 7 Merchant cubes in hand and 0 in stock
      And Ana holds blue 1 in hand
      And the discard pile holds red 3
      And it is Ben's turn

    @clause:MAMEY-7.2
    Scenario: With her stock empty, Ana is still offered to hire a merchant
      Rulebook, 3. Hire a Merchant: "If there is not any Merchant cube of your color in the
      stock, just discard 1 Bean card without taking any Merchant cube."

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana has 7 Merchant cubes in hand and 0 in stock
      And Ana holds red 3 and blue 1 in hand
      And it is Ana's turn
      Then the choices are harvest; hire, discarding red 3; hire, discarding blue 1
