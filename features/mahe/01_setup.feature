@game:mahe
Feature: Mahé — components, setup and players
  Seven turtles race counter-clockwise round an island of 21 spaces. Egg cards are laid
  on the beach (space 21); the player whose turtles laid the most eggs wins.
  Rulebook sections: Components, Setup, Playing with Two or Three Players.

  Rule: MAHE-1.1 The game has 7 turtles, 24 egg cards showing 1 to 6 eggs, and 3 six-sided dice

    @clause:MAHE-1.1
    Scenario: A die can show only 1 to 6
      Given a 4-player game of Mahé
      When the first die is forced to show 7
      Then the request is refused with an error mentioning "forced outcome 'die 7' cannot happen"
      And the game state is unchanged

    @clause:MAHE-1.1
    Scenario: A card no longer in the deck cannot be turned up
      The deck has three 6-egg cards; once all three are collected, none can come up.

      Given a 4-player game of Mahé
      And the blue player has collected egg cards showing 6, 6
      And the red player has collected egg cards showing 6
      And the face-up egg card shows 2 eggs
      And the blue turtle is on space 20
      When the first die shows 1
      And the blue player stops
      And the next egg card is forced to show 6 eggs
      Then the request is refused with an error mentioning "forced outcome 'reveal 6' cannot happen"
      And the game state is unchanged

    @clause:MAHE-1.1
    Scenario: A card no longer in the deck cannot be given as the card turned up
      The same position, the card given to the game as it stands, not forced by name.

      Given a 4-player game of Mahé
      And the blue player has collected egg cards showing 6, 6
      And the red player has collected egg cards showing 6
      And the face-up egg card shows 2 eggs
      And the blue turtle is on space 20
      When the first die shows 1
      And the blue player stops
      And a 6-egg card is given as the card turned up
      Then the request is refused with an error mentioning "no 6-egg card is left unseen"
      And the game state is unchanged

    @clause:MAHE-1.1
    Scenario: No egg card shows 7 eggs
      Given a 4-player game of Mahé
      And the blue turtle is on space 20
      And the face-up egg card shows 4 eggs
      When the blue turtle moves with dice 1
      And a 7-egg card is given as the card turned up
      Then the request is refused with an error mentioning "is not an action of mahe"
      And the game state is unchanged

    @clause:MAHE-1.1
    Scenario Outline: No first die shows <face>
      Given a 4-player game of Mahé
      When a die showing <face> is given as the first die
      Then the request is refused with an error mentioning "a chance event (first die) comes next"
      And the game state is unchanged

      Examples:
        | face |
        | 0    |
        | 7    |

    @clause:MAHE-1.1
    Scenario Outline: No second die shows <face>
      Given a 4-player game of Mahé
      When the first die shows 2
      And the blue player rolls again and a die showing <face> is given
      Then the request is refused with an error mentioning "a chance event (next die) comes next"
      And the game state is unchanged

      Examples:
        | face |
        | 0    |
        | 7    |

  Rule: MAHE-2.1 Every turtle starts on the raft, next to space 1

    @clause:MAHE-2.1
    Scenario: At setup all four turtles wait on the raft
      Given a 4-player game of Mahé
      And the game is set up
      Then the turtles on the raft are blue, red, yellow, green

  Rule: MAHE-2.2 Of the 24 shuffled egg cards, 4 leave the game unseen, 20 form the deck, and the top one is turned face up

    @clause:MAHE-2.2 @ruling:MAHE-R4
    Scenario: The first egg card is turned face up from a deck of 20
      Given a 4-player game of Mahé
      And the game is set up
      Then the next egg card is turned face up by chance
      And the cards nobody has seen number 24
      When the first egg card turned face up shows 4 eggs
      Then the face-up egg card shows 4 eggs
      And the deck holds 19 cards
      And the cards nobody has seen number 23

  Rule: MAHE-2.3 Players take turns in order, starting with the first player

    @clause:MAHE-2.3
    Scenario: Turns pass round the table and back to the first player
      Given a 4-player game of Mahé
      And it is the green player's turn
      When the green turtle moves with dice 1
      Then it is the blue player's turn
      When the blue turtle moves with dice 2
      Then it is the red player's turn

    @clause:MAHE-2.3
    Scenario: The first player's turtle moves first once the first card is up
      Given a 4-player game of Mahé
      And the game is set up
      When the first egg card turned face up shows 2 eggs
      Then it is the blue player's turn
      And the blue turtle is about to move

    @clause:MAHE-2.3
    Scenario Outline: The first player must be one of the players at the table
      When a 4-player game of Mahé starting with player <first> is requested
      Then the request is refused with an error mentioning "first_player must be a player index 0..3, got <index>"

      Examples:
        | first | index |
        | 0     | -1    |
        | 5     | 4     |

  Rule: MAHE-2.4 Two to seven players take part

    @clause:MAHE-2.4 @ruling:MAHE-R10
    Scenario Outline: <players> players race <turtles> turtles
      Given a <players>-player game of Mahé
      And the game is set up
      Then there are <turtles> turtles on the raft

      Examples:
        | players | turtles |
        | 2       | 4       |
        | 3       | 6       |
        | 4       | 4       |
        | 5       | 5       |
        | 6       | 6       |
        | 7       | 7       |

    @clause:MAHE-2.4
    Scenario Outline: A game for <players> players is refused
      When a <players>-player game of Mahé is requested
      Then the request is refused with an error mentioning "played by 2 to 7 players, not <players>"

      Examples:
        | players |
        | 1       |
        | 8       |
