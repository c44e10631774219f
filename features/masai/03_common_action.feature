@game:masai
Feature: Masai — the common action: a key, a die, and perhaps a seed
  On their turn a player takes a die of a sector's colour as that sector's key, puts another
  die into a free slot of one of the sector's two areas, and may put one of their seeds into
  the same area.
  Rulebook section: Common Action.

  Background:
    Given a 2-player game of Masai
    And the players are Rennan and Bia

  Rule: MASAI-5.1 The key must be a die of the sector's colour; its face does not matter

    @clause:MASAI-5.1
    Scenario: A green die of any face is a key for the green sector
      Given the pool holds green 6, red 2
      When Rennan takes green 6 as the key of the green sector
      Then the key of the green sector is green 6
      And the green sector is opened
      And the pool holds red 2

    @clause:MASAI-5.1
    Scenario: A die of another colour is not a key without a special action
      Given the pool holds green 6, red 2
      When Rennan tries to take red 2 as the key of the green sector
      Then the request is refused with an error mentioning "the key must be the sector's colour (green)"
      And the game state is unchanged

  Rule: MASAI-5.2 Another die goes into a free die slot of one of the sector's two areas

    @clause:MASAI-5.2
    Scenario: The die may go to either area of the sector entered
      Given the pool holds green 6, red 2, red 3
      When Rennan takes green 6 as the key of the green sector
      Then without a special action the placements are red 2 or red 3 on G-in-d1, G-in-d2, G-in-d3, G-out-d1, G-out-d2 or G-out-d3

    @clause:MASAI-5.2
    Scenario: Placing one of two alike dice leaves the other in the pool
      Given the pool holds green 6, red 2, red 2
      When Rennan takes green 6 as the key of the green sector
      And Rennan places red 2 on G-in-d1
      And Rennan places no seed
      Then red 2 is on G-in-d1
      And the pool holds red 2

    @clause:MASAI-5.2
    Scenario: A slot of another sector is refused
      Given the pool holds green 6, red 2
      When Rennan takes green 6 as the key of the green sector
      And Rennan tries to place red 2 on B-in-d1
      Then the request is refused with an error mentioning "B-in-d1 is in the blue sector, not in the green sector entered with the key"
      And the game state is unchanged

    @clause:MASAI-5.2
    Scenario: A slot already holding a die is refused
      Given the necklace holds blue 5 on G-in-d1
      And the pool holds green 6, red 2
      When Rennan takes green 6 as the key of the green sector
      And Rennan tries to place red 2 on G-in-d1
      Then the request is refused with an error mentioning "G-in-d1 already holds blue 5"
      And the game state is unchanged

  Rule: MASAI-5.3 The player may put one of their seeds into the same area as the die

    @clause:MASAI-5.3
    Scenario: A seed goes into a free seed slot of the die's area, or none
      Given the necklace holds yellow 1 on G-out-d2
      And Bia's seed is on G-out-s2
      And the pool holds green 6, red 2
      When Rennan takes green 6 as the key of the green sector
      And Rennan places red 2 on G-out-d1
      Then the seed choices are G-out-s1, G-out-s3 or no seed
      When Rennan puts a seed on G-out-s3
      Then Rennan's seeds are on G-out-s3
      And Rennan has 19 seeds left

    @clause:MASAI-5.3
    Scenario: A seed outside the die's area is refused
      Given the pool holds green 6, red 2
      When Rennan takes green 6 as the key of the green sector
      And Rennan places red 2 on G-out-d1
      And Rennan tries to put a seed on G-in-s1
      Then the request is refused with an error mentioning "the seed must go into the area of the die just placed (G-out); G-in-s1 is in G-in"
      And the game state is unchanged

    @clause:MASAI-5.3
    Scenario: A seed slot that holds a seed is refused
      Given Bia's seed is on G-out-s1
      And the pool holds green 6, red 2
      When Rennan takes green 6 as the key of the green sector
      And Rennan places red 2 on G-out-d1
      And Rennan tries to put a seed on G-out-s1
      Then the request is refused with an error mentioning "G-out-s1 already holds a seed of Bia"
      And the game state is unchanged

    @clause:MASAI-5.3
    Scenario: After placing the die, the player places a seed or none, nothing else
      Given the pool holds green 6, red 2, green 4
      When Rennan takes green 6 as the key of the green sector
      And Rennan places red 2 on G-out-d1
      And Rennan tries to take green 4 as the key of the green sector
      Then the request is refused with an error mentioning "Rennan has placed a die and must now place a seed or none"
      And the game state is unchanged

    @clause:MASAI-5.3
    Scenario: No seed goes on the necklace before a die is placed
      Given the pool holds green 6, red 2
      When Rennan tries to put a seed on V-out-s1
      Then the request is refused with an error mentioning "a seed may only be placed right after one's own die is placed"
      And the game state is unchanged

    @clause:MASAI-5.3
    Scenario: A player with no seed left places the die alone
      Given Rennan has 0 seeds left
      And the pool holds green 6, red 2, blue 1, blue 3
      When Rennan takes green 6 as the key of the green sector
      And Rennan places red 2 on G-out-d1
      Then it is Bia's turn
      When Rennan tries to put a seed on G-out-s1
      Then the request is refused with an error mentioning "Rennan has no seeds left to place"
      And the game state is unchanged

  Rule: MASAI-5.4 No die may be allocated in a sector that has not been opened

    @clause:MASAI-5.4 @ruling:MASAI-R4
    Scenario: A sector never opened cannot be entered with a key of another colour
      Special action 1 lets another colour be the key, but only in a sector already opened by
      a key of its own colour.

      Given the pool holds green 6, green 2
      And the red sector has never been opened
      When Rennan tries to take green 6 as the key of the red sector
      Then the request is refused with an error mentioning "the red sector has not been opened"
      And the game state is unchanged

    @clause:MASAI-5.4 @ruling:MASAI-R4
    Scenario: A sector opened earlier stays open after its key has gone
      Given the necklace holds blue 1 on R-in-d1
      And the pool holds green 6, green 2
      Then the red sector is opened
      And the choices include "key green 6 on red (special 1)"

    @clause:MASAI-5.4 @ruling:MASAI-R4
    Scenario: A key may not be moved into a sector never opened
      Given the key of the green sector is green 6
      And the red sector has never been opened
      And the pool is empty
      When Rennan tries to move the key of the green sector to R-in-d1
      Then the request is refused with an error mentioning "the red sector has not been opened"
      And the game state is unchanged

  Rule: MASAI-5.5 A player entering a sector already used replaces its key; the old key is discarded

    @clause:MASAI-5.5
    Scenario: The new key sends the old one to the discard, face unchanged
      Given the key of the green sector is green 4
      And the pool holds green 1, red 2
      When Rennan takes green 1 as the key of the green sector
      Then the key of the green sector is green 1
      And the discard holds green 4

  Rule: MASAI-5.6 A player who cannot make the common action may pass

    @clause:MASAI-5.6 @ruling:MASAI-R13
    Scenario: With no die of a sector's colour to use as a key, the player passes
      Given the pool holds red 2
      And Rennan has 0 seeds left
      Then the choices are pass
      When Rennan passes
      Then it is Bia's turn

    @clause:MASAI-5.6 @ruling:MASAI-R13
    Scenario: A single die in the pool cannot be both the key and the die placed
      Given the pool holds green 3
      Then the choices are pass

    @clause:MASAI-5.6 @ruling:MASAI-R13
    Scenario: A key that leaves only dice repeating the sector's faces is not offered
      The green sector shows 2 and 5. Either green die as the key would leave the other,
      whose face the sector already shows; Rennan cannot pay for special action 2 to turn
      it (nor for a repair).

      Given the necklace holds blue 5 on G-in-d1
      And the necklace holds blue 2 on G-in-d2
      And the pool holds green 2, green 5
      And Rennan has 1 seed left
      And Rennan has used special action 2 1 time
      And Rennan has used special action 4 1 time
      Then the choices are pass

    @clause:MASAI-5.6 @ruling:MASAI-R13
    Scenario: A key whose face the sector already shows still leaves the other die to place
      The green sector shows a 2. Green 2 may still be its key (the key's face does not
      matter), and red 5 is then placed there; or red 5 opens the red sector for green 2.
      Rennan has no seed for a special action, and may not pass.

      Given the necklace holds blue 2 on G-in-d1
      And the pool holds green 2, red 5
      And Rennan has 0 seeds left
      Then the choices are key red 5 on red, key green 2 on green

    @clause:MASAI-5.6 @ruling:MASAI-R13
    Scenario: A player who can make the common action may not pass
      Given the pool holds green 6, red 2
      When Rennan tries to pass
      Then the request is refused with an error mentioning "Rennan can make the common action, so may not pass"
      And the game state is unchanged
