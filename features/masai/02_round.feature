@game:masai
Feature: Masai — a round: the pool, the turns, the discard and the next order
  The rulebook calls a round a "turn": its first player draws 2 dice per player plus 2 from
  the bag and rolls them; then every player, in order, makes one turn with them.
  Rulebook sections: Turn Flow, Common Action, Special Actions (Pools).

  Rule: MASAI-4.1 Each round the first player draws 2 dice per player, plus 2, and rolls them

    @clause:MASAI-4.1 @example
    Scenario Outline: A <players>-player round draws a pool of <pool> dice
      Rulebook, Turn Flow: 6 dice for 2 players, 8 for 3 and 10 for 4.

      Given a <players>-player game of Masai
      And the game is set up
      When the dice drawn are <dice>
      Then the pool holds <pool> dice
      And it is player 1's turn

      Examples:
        | players | pool | dice                                                                                      |
        | 2       | 6    | red 1, red 2, orange 3, yellow 4, green 5, blue 6                                         |
        | 3       | 8    | red 1, red 2, orange 3, yellow 4, green 5, blue 6, violet 1, violet 2                     |
        | 4       | 10   | red 1, red 2, orange 3, yellow 4, green 5, blue 6, violet 1, violet 2, green 3, yellow 6 |

    @clause:MASAI-4.1
    Scenario: No die is drawn beyond the pool
      Given a 2-player game of Masai
      And the game is set up
      When the dice drawn are red 1, red 2, orange 3, yellow 4, green 5, blue 6
      And a further die is drawn: violet 1
      Then the request is refused with an error mentioning "action 'draw violet 1'"
      And the game state is unchanged

    @clause:MASAI-4.1 @ruling:MASAI-R2
    Scenario: A draw takes a colour from the bag and a face from the roll
      Each die is drawn from the dice in the bag, all equally likely, then rolled.

      Given a 2-player game of Masai
      And the game is set up
      Then the next die drawn is green 2 with probability 1/36
      When the dice drawn are green 2, green 5
      Then the next die drawn is green 2 with probability 1/46
      And the next die drawn is red 2 with probability 8/276

    @clause:MASAI-4.1 @ruling:MASAI-R2
    Scenario: A draw from a bag holding one colour gives that colour, each face as likely
      With only red dice left in the bag, the die drawn is red; the roll gives each face 1 time in 6.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the round's dice are being drawn
      And the bag holds just 1 red die, every other free die lying in the discard
      Then the next die drawn is red 1 with probability 1/6
      And the next die drawn is red 6 with probability 1/6

    @clause:MASAI-4.1
    Scenario: Two dice drawn alike both go into the pool
      Given a 2-player game of Masai
      And the game is set up
      When the dice drawn are red 2, red 2, red 2, orange 3, yellow 4, green 5
      Then the pool holds red 2, red 2, red 2, orange 3, yellow 4, green 5
      And it is player 1's turn

    @clause:MASAI-4.1
    Scenario: A colour with no die left in the bag cannot be drawn
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the round's dice are being drawn
      And the bag holds just 1 red die, every other free die lying in the discard
      When a further die is drawn: blue 3
      Then the request is refused with an error mentioning "MASAI-4.1: no blue die is left in the bag"
      And the game state is unchanged

    @clause:MASAI-4.1
    Scenario: While the round's dice are drawn, nobody places a seed
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the round's dice are being drawn
      When Rennan tries to put a seed on G-in-s1
      Then the request is refused with an error mentioning "the round's dice are being drawn"
      And the game state is unchanged

  Rule: MASAI-4.2 Every player makes one turn per round, in the round's order

    @clause:MASAI-4.2
    Scenario: After the first player's turn comes the second player's
      Given a 3-player game of Masai
      And the players are Rennan, Bia and Caio
      And the round's order is Bia, Caio, Rennan
      And it is Bia's turn
      And the pool holds green 3, green 2, red 1, red 5, blue 1, blue 2, yellow 3, yellow 4
      When Bia takes green 3 as the key of the green sector
      And Bia places green 2 on G-out-d1
      And Bia places no seed
      Then it is Caio's turn

  Rule: MASAI-4.3 At the end of the round the dice left in the pool are discarded, keeping their faces

    @clause:MASAI-4.3
    Scenario: The two dice nobody used go to the discard as they lie
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the pool holds green 3, green 2, red 1, red 5, blue 6, yellow 4
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 2 on G-out-d1
      And Rennan places no seed
      And Bia takes red 1 as the key of the red sector
      And Bia places red 5 on R-in-d1
      And Bia places no seed
      Then the discard holds blue 6, yellow 4
      And the pool is empty
      And the round's dice are being drawn

    @clause:MASAI-4.3
    Scenario: Two alike dice nobody used both go to the discard
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the discard holds blue 6
      And the pool holds green 3, green 2, red 1, red 5, blue 6, blue 6
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 2 on G-out-d1
      And Rennan places no seed
      And Bia takes red 1 as the key of the red sector
      And Bia places red 5 on R-in-d1
      And Bia places no seed
      Then the discard holds blue 6, blue 6, blue 6
      And the pool is empty

  Rule: MASAI-4.4 The next round's order: lowest score first, then the second lowest, and so on

    @clause:MASAI-4.4 @ruling:MASAI-R16
    Scenario: The last on the score track plays first
      Players with equal scores keep the order they had in the round just played.

      Given a 4-player game of Masai
      And the players are Rennan, Bia, Caio and Duda
      And the round's order is Rennan, Bia, Caio, Duda
      And the scores are Rennan 7, Bia 3, Caio 7, Duda 5
      And it is Duda's turn
      And the pool holds green 3, green 2
      When Duda takes green 3 as the key of the green sector
      And Duda places green 2 on G-out-d1
      And Duda places no seed
      Then Duda's score is 7
      And the round's order is Bia, Rennan, Caio, Duda
      And the round's dice are being drawn
      And round 2 has begun

  Rule: MASAI-4.5 When the bag is empty, every discarded die goes back into it

    @clause:MASAI-4.5 @ruling:MASAI-R3
    Scenario: The last die drawn from the bag brings the discard back
      Given a 2-player game of Masai
      And the round's dice are being drawn
      And the bag holds just 1 red die, every other free die lying in the discard
      When the dice drawn are red 5
      Then the discard is empty
      And the bag holds 47 dice
      And the pool holds red 5
