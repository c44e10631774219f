@game:mamey
Feature: Mamey — components and set-up
  Sixty bean cards in four colours, a Store board with one side for 2 players and one for 3
  or 4, and seven Merchant cubes for each player. Colours are named red, yellow, green and
  blue here; a card is written as its colour and its number, or "Joker" for the card printed X.
  Rulebook sections: Components, Game Setup, Individual Player Setup, Determining the Start
  Player.

  Rule: MAMEY-1.1 Sixty bean cards: four colours of fifteen, with two 1s, three 2s, four 3s, three 4s, two 5s and one Joker

    @clause:MAMEY-1.1 @ruling:MAMEY-R1
    Scenario Outline: The first card dealt is a <card> with probability <probability>
      Each colour has fifteen cards, so a card with n copies is drawn first with probability
      n / 60.

      Given a 4-player game of Mamey
      And the game is set up
      Then the next card from the deck is one of 60, <card> with probability <probability>

      Examples:
        | card       | probability |
        | red 1      | 1/30        |
        | yellow 2   | 1/20        |
        | green 3    | 1/15        |
        | blue 4     | 1/20        |
        | red 5      | 1/30        |
        | blue Joker | 1/60        |

    @clause:MAMEY-1.1 @ruling:MAMEY-R1
    Scenario: A card that is no longer in the deck cannot be drawn
      There are two red 5s; Ana holds both, so the next card from the deck cannot be a red 5.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And Ana holds red 5 and red 5 in hand
      And field 1 holds blue 4 face down
      And it is Ana's turn
      When Ana harvests
      And Ana receives field 1
      And red 5 is forced as the next card from the deck
      Then the request is refused with an error mentioning "forced outcome 'draw red 5' cannot happen"
      And the game state is unchanged

  Rule: MAMEY-1.2 Bean Bonus icons: two on each 1 and each 5, one on each 2 and each 4; the rulebook names none for the 3s and the Jokers

    @clause:MAMEY-1.2 @clause:MAMEY-9.4 @ruling:MAMEY-R12
    Scenario Outline: Selling <sold> earns <icons> Mamey of Bean Bonus icons
      Ana sold one pair onto the 3 of the two-card same-number cell (values set here); the
      game then ends and her sold cards are counted.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the Store cell "same number / 2 cards" holds the squares 3 and 1
      And Ana has sold <sold>
      And Ana's cube is on the 3 of "same number / 2 cards"
      And Ana has <hand> Merchant cubes in hand and <stock> in stock
      And Ben holds yellow 1 in hand
      And the deck is empty, every other card being in the discard pile
      And the end has been triggered and 0 more turns follow this one
      And it is Ben's turn
      When Ben hires a merchant, discarding yellow 1
      Then the game is over
      And Ana scores <total> Mamey: <hand> for cubes in hand, 3 on the Store board and <icons> for Bean Bonus icons

      Examples:
        | sold                     | hand | stock | icons | total |
        | red 1 and blue 1         | 3    | 3     | 4     | 10    |
        | red 2 and blue 2         | 3    | 3     | 2     | 8     |
        | red 3 and blue 3         | 3    | 3     | 0     | 6     |
        | red 4 and blue 4         | 3    | 3     | 2     | 8     |
        | red 5 and blue 5         | 3    | 3     | 4     | 10    |
        | red Joker and blue Joker | 1    | 5     | 0     | 4     |

  Rule: MAMEY-2.1 With 3 or 4 players every card is used; with 2 players the cards with the bean-sprout icon go back to the box

    @clause:MAMEY-2.1
    Scenario Outline: With <players> players the deck starts with all 60 cards
      Given a <players>-player game of Mamey
      And the game is set up
      Then the next card from the deck is one of 60, red 3 with probability 1/15

      Examples:
        | players |
        | 3       |
        | 4       |

    @clause:MAMEY-2.1 @ruling:MAMEY-R2
    Scenario: With 2 players the cards with the sprout icon leave the game
      The rulebook does not list the cards that carry the sprout icon; this scenario puts it
      on both red 1 cards and on the blue Joker.

      Given a 2-player game of Mamey where the sprout icon is on red 1, red 1 and blue Joker
      And the game is set up
      Then the next card from the deck is one of 57, red 1 with probability 0
      And the next card from the deck is one of 57, red 3 with probability 4/57
      And the next card from the deck is one of 57, blue Joker with probability 0
      When red 1 is forced as the next card from the deck
      Then the request is refused with an error mentioning "forced outcome 'draw red 1' cannot happen"
      And the game state is unchanged

  Rule: MAMEY-2.2 The deck is shuffled and its top three cards go face down on fields 1, 2 and 3

    @clause:MAMEY-2.2 @ruling:MAMEY-R1
    Scenario: The first three cards of the deck go face down on the three fields
      Given a 4-player game of Mamey
      And the game is set up
      When the cards dealt are blue 4, red 2 and green 5
      Then field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And the deck holds 57 cards
      And the start of play is the next card from the deck

    @clause:MAMEY-2.2 @ruling:MAMEY-R8
    Scenario: Nobody sees the face-down field cards or the order of the deck
      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the game is set up
      When the cards dealt are blue 4, red 2, green 5, red 1, yellow 3, blue 1, blue 2, green 3, green 4, red 5 and yellow 5
      Then Ana sees field 1 as nothing face up and one face-down card
      And Ben sees field 2 as nothing face up and one face-down card
      And Cal sees 49 cards in the deck and nothing of their order

    @clause:MAMEY-2.2 @clause:MAMEY-2.5
    Scenario: A deal saved and read back halfway goes on where it stopped
      Given a 3-player game of Mamey
      And the players are Ana, Ben and Cal
      And the game is set up
      When the cards dealt are blue 4, red 2, green 5 and red 1
      And the position is saved and read back
      And the cards dealt are yellow 3, blue 1, blue 2, green 3 and green 4
      Then Ana holds red 1 and yellow 3 in hand
      And Ben holds blue 1 and blue 2 in hand
      And Cal holds green 3 and green 4 in hand
      And field 3 holds green 5 face down
      And the deck holds 51 cards
      And it is Ana's turn

  Rule: MAMEY-2.3 The Store board lies with the side for the number of players face up

    @clause:MAMEY-2.3
    Scenario Outline: A <players>-player game uses the "<side>" side of the Store board
      Given a <players>-player game of Mamey
      Then the Store board in use is the "<side>" side

      Examples:
        | players | side        |
        | 2       | 2 players   |
        | 3       | 3-4 players |
        | 4       | 3-4 players |

  Rule: MAMEY-2.4 Each player takes 5 Merchant cubes into hand, 4 in a 4-player game; the rest of their 7 cubes is their stock

    @clause:MAMEY-2.4
    Scenario Outline: With <players> players each player starts with <hand> cubes in hand and <stock> in stock
      Given a <players>-player game of Mamey
      And the game is set up
      Then player 1 has <hand> Merchant cubes in hand and <stock> in stock
      And player 2 has <hand> Merchant cubes in hand and <stock> in stock

      Examples:
        | players | hand | stock |
        | 2       | 5    | 2     |
        | 3       | 5    | 2     |
        | 4       | 4    | 3     |

  Rule: MAMEY-2.5 Each player is dealt two cards from the deck as their hand

    @clause:MAMEY-2.5 @clause:MAMEY-2.2 @clause:MAMEY-2.4 @example @ruling:MAMEY-R1
    Scenario: After the fields, each player in turn is dealt two cards
      Rulebook, Game Setup and Individual Player Setup, with the sample initial layout for 4
      players: one face-down card on each of the three fields, a hand of 2 cards for each
      player, and 4 Merchant cubes in hand (the other 3 in stock) in a 4-player game.

      Given a 4-player game of Mamey
      And the players are Ana, Ben, Cal and Dee
      And the game is set up
      When the cards dealt are blue 4, red 2, green 5, red 1, yellow 3, blue 1, blue 2, green 3, green 4, red 5 and yellow 5
      Then Ana holds red 1 and yellow 3 in hand
      And Ben holds blue 1 and blue 2 in hand
      And Cal holds green 3 and green 4 in hand
      And Dee holds red 5 and yellow 5 in hand
      And field 1 holds blue 4 face down
      And field 2 holds red 2 face down
      And field 3 holds green 5 face down
      And Ana has 4 Merchant cubes in hand and 3 in stock
      And Dee has 4 Merchant cubes in hand and 3 in stock
      And the deck holds 49 cards
      And it is Ana's turn

  Rule: MAMEY-2.6 The players choose the start player, who takes the first turn

    @clause:MAMEY-2.6 @clause:MAMEY-2.5 @ruling:MAMEY-R11
    Scenario: Cal starts: Cal is dealt first and plays first
      Given a 3-player game of Mamey
      And the players are Ana, Ben and Cal
      And Cal is the start player
      And the game is set up
      When the cards dealt are blue 4, red 2, green 5, red 1, yellow 3, blue 1, blue 2, green 3 and green 4
      Then Cal holds red 1 and yellow 3 in hand
      And Ana holds blue 1 and blue 2 in hand
      And Ben holds green 3 and green 4 in hand
      And it is Cal's turn
