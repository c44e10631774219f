@game:mamey
Feature: Mamey — the order of play
  Turns go clockwise from the start player. On a turn a player takes exactly one of three
  actions: harvest beans, sell beans or hire a merchant.
  Rulebook section: Order of Play.

  Rule: MAMEY-3.1 Turns go clockwise from the start player; each turn is exactly one action: harvest, sell or hire

    @clause:MAMEY-3.1
    Scenario: The choices of a turn are harvesting, selling a set or hiring, and one of them ends the turn
      The values of the two squares for a run of 2 cards are set here: 2 and 1.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "run / 2 cards" holds the squares 2 and 1
      And Ana holds red 3 and red 4 in hand
      And it is Ana's turn
      Then the choices are harvest; hire, discarding red 3; hire, discarding red 4; sell red 3, red 4 as run on the 2 of run / 2 cards; sell red 3, red 4 as run on the 1 of run / 2 cards
      When Ana hires a merchant, discarding red 3
      Then it is Ben's turn
      And Ana holds red 4 in hand

    @clause:MAMEY-3.1
    Scenario: After the last player, the turn comes back to the first
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Dee holds blue 1 in hand
      And it is Dee's turn
      When Dee hires a merchant, discarding blue 1
      Then it is Ana's turn

    @clause:MAMEY-3.1 @clause:MAMEY-2.6
    Scenario: The start player's first turn follows the deal, then play goes on clockwise
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the game is set up
      When the cards dealt are blue 4, red 2, green 5, red 1, yellow 3, blue 1, blue 2, green 3, green 4, red 5 and yellow 5
      Then it is Ana's turn
      When Ana hires a merchant, discarding red 1
      Then it is Ben's turn
      When Ben harvests
      And Ben receives field 1
      And the next card from the deck is yellow 1
      Then Ben holds blue 1, blue 2 and blue 4 in hand
      And it is Cal's turn
