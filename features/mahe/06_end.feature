@game:mahe
Feature: Mahé — the end of the game and the score
  Once the last egg card is taken, the beach space (7 eggs) shows. The next turtle or
  group to end on or cross space 21 lays its eggs there and the game ends at once.
  Rulebook section: End of the Game.

  Rule: MAHE-7.1 After the last card is taken, the next move ending on or crossing space 21 wins the beach space and ends the game at once

    @clause:MAHE-7.1 @ruling:MAHE-R12
    Scenario: Taking the last card does not end the game; the next lap does
      Given a 4-player game of Mahé
      And the blue player has collected egg cards showing 1, 1, 1, 2, 2
      And the red player has collected egg cards showing 2, 3, 3, 3, 3
      And the yellow player has collected egg cards showing 3, 4, 4, 4, 4
      And the green player has collected egg cards showing 4, 5, 5, 5
      And the face-up egg card shows 5 eggs
      And the blue turtle is on space 19
      And the red turtle is on space 20
      When the blue turtle moves with dice 2
      Then the blue player has collected egg cards showing 1, 1, 1, 2, 2, 5
      And no egg card lies face up
      And the deck holds 0 cards
      And the game is not over
      And it is the red player's turn
      When the red turtle moves with dice 1
      Then the game is over
      And the red player holds the beach space
      And the red player has 21 eggs

    @clause:MAHE-7.1 @ruling:MAHE-R12
    Scenario: A group ends the game: the owner of its top turtle takes the beach space
      The blue player moves the blue turtle, which carries the red turtle past space 21 after
      the last card: as with a card, the beach goes to the owner of the top turtle, not to the
      player whose turn it is.

      Given a 4-player game of Mahé
      And the blue player has collected egg cards showing 1, 1, 1, 2, 2
      And the red player has collected egg cards showing 2, 3, 3, 3, 3
      And the yellow player has collected egg cards showing 3, 4, 4, 4, 4
      And the green player has collected egg cards showing 4, 5, 5, 5, 5
      And no egg card is left face up or in the deck
      And the stack on space 19 is blue, red from bottom to top
      And it is the blue player's turn
      When the blue turtle moves with dice 2
      Then the game is over
      And the red player holds the beach space
      And the stack on space 21 is blue, red from bottom to top
      And the blue player has 7 eggs
      And the red player has 21 eggs

    @clause:MAHE-7.1 @clause:MAHE-8.2 @ruling:MAHE-R6
    Scenario: The game ends in the middle of a two-turtle turn
      Player 1 moves blue first; blue crosses the beach and the game ends before yellow moves.

      Given a 2-player game of Mahé
      And player 1 has collected egg cards showing 1, 1, 1, 2, 2, 2, 3, 3, 3, 3
      And player 2 has collected egg cards showing 3, 4, 4, 4, 4, 4, 5, 5, 5, 5
      And no egg card is left face up or in the deck
      And the blue turtle is on space 20
      And the yellow turtle is on space 3
      And it is player 1's turn
      When player 1 chooses to move the blue turtle first
      And the blue turtle moves with dice 3
      Then the game is over
      And player 1 holds the beach space
      And the yellow turtle is on space 3
      And player 1 has 28 eggs
      And player 2 has 43 eggs
      And player 2 wins alone

  Rule: MAHE-7.2 Each player scores the eggs on their cards, plus 7 for the beach space; the most eggs wins

    @clause:MAHE-7.2 @clause:MAHE-7.3 @example
    Scenario: The rulebook's final scores: Marina 22, Evgeny 17, Darya 22, Andrei 20
      Rulebook, End of the Game, example: Marina holds 1, 3, 3, 4, 5 and 6 (22 eggs);
      Evgeny 1, 2, 4, 4 and 6 (17); Darya 2, 3, 4 and 6 plus the beach space (22); Andrei
      3, 3, 4, 5 and 5 (20). Marina and Darya tie on eggs; Marina has 6 cards against
      Darya's 5 (4 cards and the beach), so Marina wins.

      Given a 4-player game of Mahé
      And the players are Marina, Evgeny, Darya and Andrei
      And Marina has collected egg cards showing 1, 3, 3, 4, 5, 6
      And Evgeny has collected egg cards showing 1, 2, 4, 4, 6
      And Darya has collected egg cards showing 2, 3, 4, 6
      And Andrei has collected egg cards showing 3, 3, 4, 5, 5
      And no egg card is left face up or in the deck
      And the yellow turtle is on space 19
      And it is Darya's turn
      When the first die shows 2
      And Darya stops
      Then the game is over
      And Darya holds the beach space
      And the scores are Marina 22, Evgeny 17, Darya 22, Andrei 20
      And Marina has 6 egg cards, the beach counting as one
      And Darya has 5 egg cards, the beach counting as one
      And Marina wins alone

  Rule: MAHE-7.3 Tied players compare their egg cards, the beach space counting as one; still tied, they share the win

    @clause:MAHE-7.3 @ruling:MAHE-R7
    Scenario: Equal eggs and equal cards: a shared win
      Given a 4-player game of Mahé
      And the blue player has collected egg cards showing 6, 6, 5, 4
      And the red player has collected egg cards showing 6, 5, 3
      And the yellow player has collected egg cards showing 1, 1, 1, 2, 2, 2, 3, 3
      And the green player has collected egg cards showing 3, 3, 4, 4, 4
      And no egg card is left face up or in the deck
      And the red turtle is on space 18
      And it is the red player's turn
      When the red turtle moves with dice 3
      Then the game is over
      And the red player holds the beach space
      And the scores are the blue player 21, the red player 21, the yellow player 15, the green player 18
      And the blue player has 4 egg cards, the beach counting as one
      And the red player has 4 egg cards, the beach counting as one
      And the blue player and the red player share the win
