@game:mamey
Feature: Mamey — scoring
  At the end each player scores 1 Mamey per Merchant cube in hand, the numbers under their
  cubes on the Store board, and 1 Mamey per Bean Bonus icon on the cards they sold. Cards
  left in hand score nothing. In every scenario here the end has been triggered and the last
  turn is played by hiring a merchant.
  Rulebook section: Scoring after the Game Ends.

  Rule: MAMEY-9.1 Cards left in hand score nothing

    @clause:MAMEY-9.1
    Scenario: Ana's hand of 1s and 5s is worth nothing at the end
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 1, red 5 and blue 5 in hand
      And Ben holds yellow 1 in hand
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 0 more turns follow this one
      And it is Ben's turn
      When Ben hires a merchant, discarding yellow 1
      Then the game is over
      And Ana scores 4 Mamey: 4 for cubes in hand, 0 on the Store board and 0 for Bean Bonus icons

  Rule: MAMEY-9.2 Each Merchant cube in hand scores 1 Mamey; cubes in the stock score nothing

    @clause:MAMEY-9.2
    Scenario: Two cubes in hand and five in the stock score 2
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana has 2 Merchant cubes in hand and 5 in stock
      And Ben holds yellow 1 in hand
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 0 more turns follow this one
      And it is Ben's turn
      When Ben hires a merchant, discarding yellow 1
      Then the game is over
      And Ana scores 2 Mamey: 2 for cubes in hand, 0 on the Store board and 0 for Bean Bonus icons

  Rule: MAMEY-9.3 Each player scores the numbers of the squares under their own cubes on the Store board

    @clause:MAMEY-9.3
    Scenario: Ana's cube on the 6 scores 6 for her, Ben's on the 4 scores 4 for him
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana has sold red 3, yellow 3 and blue 3
      And Ben has sold red 3, yellow 3 and green 3
      And Ana's cube is on the 6 of "same number / 3 cards"
      And Ben's cube is on the 4 of "same number / 3 cards"
      And Cal holds yellow 1 in hand
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 0 more turns follow this one
      And it is Cal's turn
      When Cal hires a merchant, discarding yellow 1
      Then the game is over
      And Ana scores 9 Mamey: 3 for cubes in hand, 6 on the Store board and 0 for Bean Bonus icons
      And Ben scores 7 Mamey: 3 for cubes in hand, 4 on the Store board and 0 for Bean Bonus icons

  Rule: MAMEY-9.4 Each Bean Bonus icon on the cards a player sold scores 1 Mamey

    @clause:MAMEY-9.4 @clause:MAMEY-9.1 @clause:MAMEY-9.2 @clause:MAMEY-9.3 @example
    Scenario: The rulebook's final score: 2 cubes in hand, 5 + 4 + 5 + 4 on the Store board and 5 Bean Bonus icons make 25 Mamey
      Rulebook, Scoring after the Game Ends, Example: Player A (White) has 2 Merchant cubes
      left in hand (2 Mamey), cubes on squares numbered 5, 4, 5 and 4 (18 Mamey) and sold
      cards showing 5 Bean Bonus icons (5 Mamey): 25 Mamey in all. The rulebook does not say
      which cards or cells; here Ana sold a run of red 2, 3, 4 onto a 5, three 3s of
      different colours onto the printed 4, two yellow 4s onto a 5 and a run of blue 2, 3
      onto a 4 (cell values set here, except the printed 6 and 4).

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 3 cards" holds the squares 5 and 3
      And the Store cell "same colour / 2 cards" holds the squares 5 and 2
      And the Store cell "run / 2 cards" holds the squares 4 and 1
      And Ana has sold red 2, red 3, red 4, blue 3, yellow 3, green 3, yellow 4, yellow 4, blue 2 and blue 3
      And Ana's cube is on the 5 of "run / 3 cards"
      And Ana's cube is on the 4 of "same number / 3 cards"
      And Ana's cube is on the 5 of "same colour / 2 cards"
      And Ana's cube is on the 4 of "run / 2 cards"
      And Ana has 2 Merchant cubes in hand and 1 in stock
      And Ana holds green 5 and blue 1 in hand
      And Ben holds yellow 1 in hand
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 0 more turns follow this one
      And it is Ben's turn
      When Ben hires a merchant, discarding yellow 1
      Then the game is over
      And Ana scores 25 Mamey: 2 for cubes in hand, 18 on the Store board and 5 for Bean Bonus icons

  Rule: MAMEY-9.5 The most Mamey wins; a tie goes to the tied player with the most cards sold; still tied, they share the win

    @clause:MAMEY-9.5
    Scenario: The most Mamey wins alone
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana has sold red 3, yellow 3 and blue 3
      And Ana's cube is on the 6 of "same number / 3 cards"
      And Dee holds yellow 1 in hand
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 0 more turns follow this one
      And it is Dee's turn
      When Dee hires a merchant, discarding yellow 1
      Then the game is over
      And the scores are Ana 9, Ben 4, Cal 4, Dee 5
      And Ana wins alone

    @clause:MAMEY-9.5 @ruling:MAMEY-R10
    Scenario: Ana and Ben tie on Mamey; Ana sold more cards and wins
      Ana sold three cards (0 icons) onto the 6; Ben sold two green 5s (4 icons) onto a 2.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "same colour / 2 cards" holds the squares 3 and 2
      And Ana has sold red 3, yellow 3 and blue 3
      And Ben has sold green 5 and green 5
      And Ana's cube is on the 6 of "same number / 3 cards"
      And Ben's cube is on the 2 of "same colour / 2 cards"
      And Dee holds yellow 1 in hand
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 0 more turns follow this one
      And it is Dee's turn
      When Dee hires a merchant, discarding yellow 1
      Then the game is over
      And the scores are Ana 9, Ben 9, Cal 4, Dee 5
      And Ana wins alone

    @clause:MAMEY-9.5 @ruling:MAMEY-R10
    Scenario: Equal Mamey and equal cards sold: Ana and Ben share the win
      Ben sold green 1, green 1 and the green Joker (4 icons) onto a 3, paying a cube for the
      Joker.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "same colour / 3 cards" holds the squares 5 and 3
      And Ana has sold red 3, yellow 3 and blue 3
      And Ben has sold green 1, green 1 and green Joker
      And Ana's cube is on the 6 of "same number / 3 cards"
      And Ben's cube is on the 3 of "same colour / 3 cards"
      And Ben has 2 Merchant cubes in hand and 4 in stock
      And Dee holds yellow 1 in hand
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 0 more turns follow this one
      And it is Dee's turn
      When Dee hires a merchant, discarding yellow 1
      Then the game is over
      And the scores are Ana 9, Ben 9, Cal 4, Dee 5
      And Ana and Ben share the win

    @clause:MAMEY-9.5 @ruling:MAMEY-R10
    Scenario: The tie-break counts the cards of the tied players only
      Rulebook, Scoring after the Game Ends: "In case of a tie, the player among the winners
      with the most number of cards put down in front of them wins." Cal sold more cards (four
      3s onto a 1) than either leader, but he is not among the winners: Ana, with three cards to Ben's two, wins.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "same colour / 2 cards" holds the squares 3 and 2
      And the Store cell "same number / 4 cards" holds the squares 5 and 1
      And Ana has sold red 3, yellow 3 and blue 3
      And Ben has sold green 5 and green 5
      And Cal has sold red 3, yellow 3, green 3 and blue 3
      And Ana's cube is on the 6 of "same number / 3 cards"
      And Ben's cube is on the 2 of "same colour / 2 cards"
      And Cal's cube is on the 1 of "same number / 4 cards"
      And Dee holds yellow 1 in hand
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 0 more turns follow this one
      And it is Dee's turn
      When Dee hires a merchant, discarding yellow 1
      Then the game is over
      And the scores are Ana 9, Ben 9, Cal 4, Dee 5
      And Ana wins alone
