@game:mahe
Feature: Mahé — variant: egg cards as dice
  In the variant a player may play one of their collected egg cards instead of rolling the
  second or third die. The card counts as that die and leaves the game.
  Rulebook section: Variant.

  Rule: MAHE-9.1 An egg card may replace the second or third die, never the first

    @clause:MAHE-9.1 @clause:MAHE-9.4 @example
    Scenario: The rulebook's variant: a first die of 5 and a 2-egg card move 14 spaces
      Rulebook, Variant, example: the first die shows 5; the player plays a 2-egg card
      instead of the second die and moves (5 + 2) x 2 = 14 spaces; the card leaves the game.

      Given a 4-player game of Mahé with the egg-card variant
      And the blue player has collected egg cards showing 2, 4
      When the first die shows 5
      And the blue player plays the 2-egg card as the next die
      And the blue player stops
      Then the blue turtle is on space 14
      And the 2-egg card has left the game
      And the blue player has collected egg cards showing 4

    @clause:MAHE-9.1
    Scenario: A card cannot replace the first die
      Given a 4-player game of Mahé with the egg-card variant
      And the blue player has collected egg cards showing 2
      When the blue player tries to play the 2-egg card as the next die
      Then the request is refused with an error mentioning "the first die is always rolled"
      And the game state is unchanged

    @clause:MAHE-9.1
    Scenario: A card as the third die
      Given a 4-player game of Mahé with the egg-card variant
      And the blue player has collected egg cards showing 3
      When the first die shows 1
      And the blue player rolls the next die, which shows 2
      And the blue player plays the 3-egg card as the next die
      Then the blue turtle is on space 18

    @clause:MAHE-9.1
    Scenario: Without the variant, cards never replace dice
      Given a 4-player game of Mahé
      And the blue player has collected egg cards showing 2
      When the first die shows 3
      And the blue player tries to play the 2-egg card as the next die
      Then the request is refused with an error mentioning "only in the variant"
      And the game state is unchanged

  Rule: MAHE-9.2 With a card the total must still not exceed 7

    @clause:MAHE-9.2
    Scenario: A card that would push the total past 7 is refused
      Given a 4-player game of Mahé with the egg-card variant
      And the blue player has collected egg cards showing 2, 3
      When the first die shows 5
      Then the choices are stop, roll, card 2
      When the blue player tries to play the 3-egg card as the next die
      Then the request is refused with an error mentioning "the total would be 8, more than 7"
      And the game state is unchanged

  Rule: MAHE-9.3 At most one card per turn

    @clause:MAHE-9.3
    Scenario: A second card in the same move is refused
      Given a 4-player game of Mahé with the egg-card variant
      And the blue player has collected egg cards showing 1, 2
      When the first die shows 1
      And the blue player plays the 2-egg card as the next die
      And the blue player tries to play the 1-egg card as the next die
      Then the request is refused with an error mentioning "only one egg card may be used per turn"
      And the game state is unchanged

    @clause:MAHE-9.3 @ruling:MAHE-R9
    Scenario: A two-turtle turn is one turn: one card for both moves
      Given a 2-player game of Mahé with the egg-card variant
      And player 1 has collected egg cards showing 1, 2
      When player 1 chooses to move the blue turtle first
      And the first die shows 1
      And player 1 plays the 2-egg card as the next die
      And player 1 stops
      And the first die shows 3
      Then the choices are stop, roll

    @clause:MAHE-9.3
    Scenario: The next player's turn allows a card again
      Given a 4-player game of Mahé with the egg-card variant
      And the blue player has collected egg cards showing 1, 2
      And the red player has collected egg cards showing 3
      When the first die shows 1
      And the blue player plays the 2-egg card as the next die
      And the blue player stops
      Then the blue turtle is on space 6
      And it is the red player's turn
      When the first die shows 2
      And the red player plays the 3-egg card as the next die
      And the red player stops
      Then the red turtle is on space 10

  Rule: MAHE-9.4 A card played as a die leaves the game and scores nothing

    @clause:MAHE-9.4
    Scenario: The eggs of a played card no longer count
      Given a 4-player game of Mahé with the egg-card variant
      And the blue player has collected egg cards showing 2, 4
      When the first die shows 3
      And the blue player plays the 4-egg card as the next die
      Then the blue player has 2 eggs
      And the 4-egg card has left the game

  Rule: MAHE-9.5 In a stack, only the top turtle's owner may play a card, and only their own

    @clause:MAHE-9.5
    Scenario: The mover's cards are not offered; the top owner's are
      Given a 4-player game of Mahé with the egg-card variant
      And the stack on space 18 is blue, red, yellow from bottom to top
      And the red player has collected egg cards showing 2
      And the yellow player has collected egg cards showing 1
      And it is the red player's turn
      When the first die shows 3
      Then the yellow player decides whether to roll again
      And the choices are stop, roll, card 1
      When the red player tries to play the 2-egg card as the next die
      Then the request is refused with an error mentioning "holds no 2-egg card"
      And the game state is unchanged
