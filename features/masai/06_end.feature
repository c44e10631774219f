@game:masai
Feature: Masai — the end of the game, the final scoring and the tie-break
  The game ends when every die slot is filled or when a player runs out of seeds; either way
  the round is played to its end. Then each player scores their best outer link, every area
  they hold seeds in, and 1 point per unused seed.
  Rulebook sections: End of Game, Final Scoring, Tiebreak.

  The scenarios about the final scoring end the game the rulebook's way: a player has no seeds
  left, so the game is over once the round has been played out.

  Rule: MASAI-8.1 When every die slot is filled, the round ends normally and the game is over

    @clause:MASAI-8.1
    Scenario: The last free slot is filled; the other players still take their turns
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot is filled except G-out-d3, the green sector lacking a 6
      And the key of the green sector is green 1
      And the pool holds green 2, red 6
      When Rennan takes green 2 as the key of the green sector
      And Rennan places red 6 on G-out-d3
      And Rennan places no seed
      Then the game is not over
      And it is Bia's turn
      When Bia passes
      Then the game is over because every die slot is filled

  Rule: MASAI-8.2 When a player runs out of seeds, the round ends normally and the game is over

    @clause:MASAI-8.2
    Scenario: The first player places their last seed; the second still plays
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And Rennan has 1 seed left
      And the pool holds green 3, green 2, red 1, red 5, blue 1, blue 2
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 2 on G-out-d1
      And Rennan puts a seed on G-out-s1
      Then Rennan has 0 seeds left
      And it is Bia's turn
      When Bia takes red 1 as the key of the red sector
      And Bia places red 5 on R-out-d1
      And Bia places no seed
      Then the game is over because a player ran out of seeds

  Rule: MASAI-8.3 The game ends in the two ways the rulebook gives, and also when no die can ever be placed again (MASAI-R14)

    @clause:MASAI-8.3
    Scenario: A round in which every player passes does not end the game
      Slots are empty, both players hold seeds and the bag is full: nothing but the two endings
      of the rulebook ends the game, so the next round's dice are drawn.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the pool is empty
      When the rest of the round is played out with passes
      Then the game is not over
      And the round's dice are being drawn

    @clause:MASAI-8.3 @ruling:MASAI-R14
    Scenario: A necklace no die can ever reach ends the game after a round of passes
      The only empty slot is green, all eight green dice are on the necklace, and nobody can
      pay for a special action: no die can ever be placed again, whatever is drawn.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot is filled except G-out-d3, the green sector lacking a 6
      And the key of the red sector is green 1
      And the key of the blue sector is green 2
      And the pool is empty
      And no green die is in the bag, the discard or the pool
      And Rennan has 1 seed left
      And Bia has 1 seed left
      And Rennan has used each special action once
      And Bia has used each special action once
      When the rest of the round is played out with passes
      Then the game is over because the necklace is blocked

    @clause:MASAI-8.3 @ruling:MASAI-R14
    Scenario: A round of passes after a round with a move ends the game once no die can be placed
      In round 1 Rennan places the last free green die, and Bia, with no die left to use,
      passes. From then on the only empty slot is green, all eight green dice are on the
      necklace and nobody can pay for a special action: once every player has passed in
      round 2, the game is over.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot is filled except G-out-d3 and R-out-d3
      And the key of the red sector is red 1
      And the key of the blue sector is green 2
      And the pool holds red 4, green 6
      And Rennan has 1 seed left
      And Bia has 1 seed left
      And Rennan has used each special action once
      And Bia has used each special action once
      When Rennan takes red 4 as the key of the red sector
      And Rennan places green 6 on R-out-d3
      And Rennan places no seed
      Then green 6 is on R-out-d3
      And the pool is empty
      When Bia passes
      Then the game is not over
      And round 2 has begun
      When the dice drawn are orange 1, orange 2, yellow 1, yellow 2, blue 1, blue 2
      And the rest of the round is played out with passes
      Then the game is over because the necklace is blocked

    @clause:MASAI-8.3 @ruling:MASAI-R14
    Scenario: A green die left in the discard keeps the game going
      The same necklace, but one green die is in the discard: it will be drawn one day and
      can open the green sector again as its key.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot is filled except G-out-d3, the green sector lacking a 6
      And the key of the red sector is green 1
      And the pool is empty
      And the discard holds green 2
      And Rennan has 1 seed left
      And Bia has 1 seed left
      And Rennan has used each special action once
      And Bia has used each special action once
      When the rest of the round is played out with passes
      Then the game is not over

    @clause:MASAI-8.3 @ruling:MASAI-R14
    Scenario: A player who can still pay for a special action keeps the game going
      The same blocked necklace, but Bia can pay for special action 1 (any die as the key of
      the opened green sector), so a die can still be placed. She cannot pay for the others.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot is filled except G-out-d3, the green sector lacking a 6
      And the key of the red sector is green 1
      And the key of the blue sector is green 2
      And the pool is empty
      And no green die is in the bag, the discard or the pool
      And Rennan has 1 seed left
      And Bia has 1 seed left
      And Rennan has used each special action once
      And Bia has used special action 2 1 time
      And Bia has used special action 3 1 time
      And Bia has used special action 4 1 time
      When the rest of the round is played out with passes
      Then the game is not over

    @clause:MASAI-8.3 @ruling:MASAI-R14
    Scenario: A key die showing the missing face keeps the game going for a player who can move it
      The same blocked necklace, but the yellow key shows a 6, the face the green sector lacks,
      and Bia can pay for special action 3 (a key die into an empty slot).

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot is filled except G-out-d3, the green sector lacking a 6
      And the key of the red sector is green 1
      And the key of the blue sector is green 2
      And the key of the yellow sector is red 6
      And the pool is empty
      And no green die is in the bag, the discard or the pool
      And Rennan has 1 seed left
      And Bia has 1 seed left
      And Rennan has used each special action once
      And Bia has used special action 1 1 time
      And Bia has used special action 2 1 time
      And Bia has used special action 4 1 time
      When the rest of the round is played out with passes
      Then the game is not over

    @clause:MASAI-8.3 @ruling:MASAI-R14
    Scenario: Key dice showing faces the green sector has already cannot fill its slot
      The same blocked necklace: Bia can pay for special action 3, but the keys show 1 and 2,
      faces the green sector already holds, so no key die can go into G-out-d3.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot is filled except G-out-d3, the green sector lacking a 6
      And the key of the red sector is green 1
      And the key of the blue sector is green 2
      And the pool is empty
      And no green die is in the bag, the discard or the pool
      And Rennan has 1 seed left
      And Bia has 1 seed left
      And Rennan has used each special action once
      And Bia has used special action 1 1 time
      And Bia has used special action 2 1 time
      And Bia has used special action 4 1 time
      When the rest of the round is played out with passes
      Then the game is over because the necklace is blocked

    @clause:MASAI-8.3 @ruling:MASAI-R14
    Scenario: A die to repair keeps the game going for a player who can repair it
      The only die of the wrong colour is an orange 1 in the red sector; no red 1 is on the
      necklace, but red dice are left in the bag: once one is drawn (and rolled on 1), Bia,
      who can pay for special action 4, may repair the orange 1 with it.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot but G-out-d3 holds a die of its sector's colour, faces 1 to 6 in slot order
      And the necklace holds orange 1 on R-in-d1
      And the key of the red sector is green 1
      And the key of the orange sector is green 2
      And the key of the yellow sector is green 3
      And the pool is empty
      And no green die is in the bag, the discard or the pool
      And Rennan has 1 seed left
      And Bia has 1 seed left
      And Rennan has used each special action once
      And Bia has used special action 1 1 time
      And Bia has used special action 2 1 time
      And Bia has used special action 3 1 time
      When the rest of the round is played out with passes
      Then the game is not over

    @clause:MASAI-8.3 @ruling:MASAI-R14
    Scenario: Special action 1 cannot reach a sector never opened
      Only the violet sector has empty slots, it has never been opened, and all eight violet
      dice are on the necklace. Bia can pay for special action 1, but it only reaches opened
      sectors (MASAI-R4): no die can ever be placed again.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot is filled except those of the violet sector
      And the key of the red sector is violet 1
      And the key of the orange sector is violet 2
      And the key of the yellow sector is violet 3
      And the violet sector has never been opened
      And the pool is empty
      And no violet die is in the bag, the discard or the pool
      And Rennan has 1 seed left
      And Bia has 1 seed left
      And Rennan has used each special action once
      And Bia has used special action 2 1 time
      And Bia has used special action 3 1 time
      And Bia has used special action 4 1 time
      When the rest of the round is played out with passes
      Then the game is over because the necklace is blocked

    @clause:MASAI-8.3 @ruling:MASAI-R14
    Scenario: With every die of its sector's colour, nothing can be repaired
      Every die on the necklace has its sector's colour: Bia can pay for special action 4,
      but there is nothing to repair, and no die can ever be placed again.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot but G-out-d3 holds a die of its sector's colour, faces 1 to 6 in slot order
      And the key of the red sector is green 1
      And the key of the orange sector is green 2
      And the key of the yellow sector is green 3
      And the pool is empty
      And no green die is in the bag, the discard or the pool
      And Rennan has 1 seed left
      And Bia has 1 seed left
      And Rennan has used each special action once
      And Bia has used special action 1 1 time
      And Bia has used special action 2 1 time
      And Bia has used special action 3 1 time
      When the rest of the round is played out with passes
      Then the game is over because the necklace is blocked

    @clause:MASAI-8.3 @ruling:MASAI-R14
    Scenario: A repair with a die from another slot keeps the game going
      No green or violet die is free, and every other sector holds only dice of its colour;
      yet the green sector holds a violet 5 and the violet sector a green 5. Bia can pay for
      special action 4 and repair either with the other, taken from the necklace.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And every die slot but G-out-d3 holds a die of its sector's colour, faces 1 to 6 in slot order
      And the necklace holds violet 5 on G-out-d2
      And the necklace holds green 5 on V-out-d2
      And the key of the red sector is green 1
      And the key of the orange sector is green 2
      And the key of the yellow sector is green 3
      And the key of the blue sector is violet 1
      And the key of the violet sector is violet 2
      And the pool is empty
      And no green die is in the bag, the discard or the pool
      And no violet die is in the bag, the discard or the pool
      And Rennan has 1 seed left
      And Bia has 1 seed left
      And Rennan has used each special action once
      And Bia has used special action 1 1 time
      And Bia has used special action 2 1 time
      And Bia has used special action 3 1 time
      When Rennan passes
      Then the choices include "repair G-out-d2 from V-out-d2 (special 4)"
      When Bia passes
      Then the game is not over
      And the round's dice are being drawn

  Rule: MASAI-9.1 Each player scores their best outer link: the sum of its faces plus 2 per seed in it

    @clause:MASAI-9.1 @ruling:MASAI-R7
    Scenario: Of two outer links, only the better one scores
      The scenario fixes the joins it relies on: its seed slots' joins, and no natural links
      at all. A link counts for a player only through their own seeds.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the board has no natural links
      And seed slot G-out-s2 joins die slots G-out-d2 and G-out-d3
      And seed slot B-out-s1 joins die slots G-out-d3 and B-out-d1
      And seed slot R-out-s2 joins die slots R-out-d2 and R-out-d3
      And the necklace holds these dice:
        | slot     | die      |
        | G-out-d2 | red 1    |
        | G-out-d3 | green 5  |
        | B-out-d1 | blue 6   |
        | R-out-d2 | red 6    |
        | R-out-d3 | violet 5 |
      And Rennan's seeds are on G-out-s2, B-out-s1, R-out-s2
      And Rennan has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then Rennan's best outer link is worth 16
      And Bia's best outer link is worth 0

    @clause:MASAI-9.1 @ruling:MASAI-R7
    Scenario: A seed of the player's beside no die does not hide their link elsewhere
      Rennan's seed on R-out-s1 joins two empty die slots: it makes no link. His seed on
      G-out-s2 links green 5 and red 1: 5 + 1 + 2 = 8.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the board has no natural links
      And seed slot R-out-s1 joins die slots V-out-d3 and R-out-d1
      And seed slot G-out-s2 joins die slots G-out-d2 and G-out-d3
      And the necklace holds these dice:
        | slot     | die     |
        | G-out-d2 | red 1   |
        | G-out-d3 | green 5 |
      And Rennan's seeds are on R-out-s1, G-out-s2
      And Rennan has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then Rennan's best outer link is worth 8

  Rule: MASAI-9.2 The player with the most seeds in an area scores its highest die

    @clause:MASAI-9.2 @ruling:MASAI-R15
    Scenario: Majority and minority in one area
      Rulebook, Final Scoring, cases A and B: the player with more seeds in an area scores its
      highest die, the player with fewer seeds its lowest die.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the necklace holds these dice:
        | slot    | die     |
        | G-in-d1 | green 2 |
        | G-in-d2 | red 6   |
        | G-in-d3 | blue 4  |
      And Rennan's seeds are on G-in-s1, G-in-s2
      And Bia's seed is on G-in-s3
      And Bia has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then for area G-in Rennan scores 6 and Bia scores 2

    @clause:MASAI-9.2 @ruling:MASAI-R15
    Scenario: A player alone in an area takes the majority only
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the necklace holds these dice:
        | slot    | die     |
        | G-in-d1 | green 2 |
        | G-in-d2 | red 6   |
      And Bia's seed is on G-in-s3
      And Rennan has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then for area G-in Rennan scores 0 and Bia scores 6

  Rule: MASAI-9.3 The player with fewer seeds in an area scores its lowest die

    @clause:MASAI-9.3
    Scenario: Minority with two seeds against one
      Rulebook, Final Scoring, case B.

      Given a 3-player game of Masai
      And the players are Rennan, Bia and Caio
      And the necklace holds these dice:
        | slot     | die      |
        | Y-out-d1 | yellow 3 |
        | Y-out-d2 | red 1    |
        | Y-out-d3 | green 5  |
      And Caio's seeds are on Y-out-s1, Y-out-s3
      And Bia's seed is on Y-out-s2
      And Rennan has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then for area Y-out Rennan scores 0, Bia scores 1 and Caio scores 5

    @clause:MASAI-9.3 @ruling:MASAI-R15
    Scenario: With a die slot empty, the minority still scores the lowest die present
      Rulebook, Final Scoring, case B: "The score is equal to the face value of the lowest die
      in that area." The empty slot is left out (MASAI-R15): Bia scores the 4, not 0.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the necklace holds these dice:
        | slot    | die     |
        | G-in-d1 | green 4 |
        | G-in-d3 | blue 6  |
      And Rennan's seeds are on G-in-s1, G-in-s2
      And Bia's seed is on G-in-s3
      And Bia has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then for area G-in Rennan scores 6 and Bia scores 4

  Rule: MASAI-9.4 Tied players in an area with 3 dice each score its middle die

    @clause:MASAI-9.4
    Scenario: Three players tied in an area each score the middle die
      Rulebook, Final Scoring, case C: a tie in an area with 3 dice scores the face of the
      middle die to each player involved.

      Given a 3-player game of Masai
      And the players are Rennan, Bia and Caio
      And the necklace holds these dice:
        | slot    | die      |
        | V-in-d1 | violet 6 |
        | V-in-d2 | red 2    |
        | V-in-d3 | green 4  |
      And Rennan's seed is on V-in-s1
      And Bia's seed is on V-in-s2
      And Caio's seed is on V-in-s3
      And Caio has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then for area V-in Rennan scores 4, Bia scores 4 and Caio scores 4

  Rule: MASAI-9.5 Tied players in an area with 2 dice each receive the "average" value

    @clause:MASAI-9.5 @ruling:MASAI-R15
    Scenario: A tie in an area with two dice: the higher die is left out
      Rulebook, Final Scoring, case D: the empty slot counts 0 and is left out, the higher die
      is removed, and both players receive the value left.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the necklace holds these dice:
        | slot    | die     |
        | O-in-d1 | orange 5 |
        | O-in-d3 | blue 2  |
      And Rennan's seed is on O-in-s1
      And Bia's seed is on O-in-s2
      And Bia has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then for area O-in Rennan scores 2 and Bia scores 2

    @clause:MASAI-9.5 @ruling:MASAI-R15
    Scenario: A tie in an area with one die: each scores that die
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the necklace holds orange 5 on O-in-d1
      And Rennan's seed is on O-in-s1
      And Bia's seed is on O-in-s2
      And Bia has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then for area O-in Rennan scores 5 and Bia scores 5

  Rule: MASAI-9.6 Each unused seed scores 1 point

    @clause:MASAI-9.6
    Scenario: The final scores add up
      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the necklace holds these dice:
        | slot     | die     |
        | G-out-d1 | green 2 |
        | G-out-d2 | red 6   |
      And seed slot G-out-s1 joins die slots Y-out-d3 and G-out-d1
      And die slots G-out-d1 and G-out-d2 are naturally linked
      And Rennan's seed is on G-out-s1
      And the scores are Rennan 10, Bia 12
      And Rennan has 4 seeds left
      And Bia has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then the final scores are:
        | player | instant | outer link | areas | unused seeds | total |
        | Rennan | 10      | 10         | 6     | 4            | 30    |
        | Bia    | 12      | 0          | 0     | 0            | 12    |

    @clause:MASAI-9.6
    Scenario: The final scoring goes onto the score track
      Rennan's 10 instant points, then 10 for his outer link, 6 for the G-out area and 4 for
      his unused seeds: 30. Bia keeps her 12.

      Given a 2-player game of Masai
      And the players are Rennan and Bia
      And the necklace holds these dice:
        | slot     | die     |
        | G-out-d1 | green 2 |
        | G-out-d2 | red 6   |
      And seed slot G-out-s1 joins die slots Y-out-d3 and G-out-d1
      And die slots G-out-d1 and G-out-d2 are naturally linked
      And Rennan's seed is on G-out-s1
      And the scores are Rennan 10, Bia 12
      And Rennan has 4 seeds left
      And Bia has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then Rennan's score is 30
      And Bia's score is 12
      And Rennan wins

  Rule: MASAI-10.1 Ties are broken by the seeds on the outer line, then by turn order

    @clause:MASAI-10.1
    Scenario: Equal scores: more seeds on the outer line wins, linked or not
      Given a 3-player game of Masai
      And the players are Rennan, Bia and Caio
      And the round's order is Rennan, Bia, Caio
      And Bia's seeds are on R-out-s3, O-out-s3
      And Rennan's seeds are on G-in-s3, B-out-s3
      And Rennan has 3 seeds left
      And Bia has 3 seeds left
      And Caio has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then Rennan and Bia both have 3 points
      And Bia wins

    @clause:MASAI-10.1 @ruling:MASAI-R17
    Scenario: Equal scores and outer seeds: the earlier player in the last round's order wins
      Given a 3-player game of Masai
      And the players are Rennan, Bia and Caio
      And the round's order is Bia, Rennan, Caio
      And it is Bia's turn
      And Rennan has 3 seeds left
      And Bia has 3 seeds left
      And Caio has 0 seeds left
      And the pool is empty
      When the rest of the round is played out with passes
      Then Rennan and Bia both have 3 points
      And Bia wins
