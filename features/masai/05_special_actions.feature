@game:masai
Feature: Masai — special actions, paid in seeds
  Four special actions cost seeds: the n-th use of the same action costs n seeds, and only
  one special action may be used per turn. Actions 1 and 2 go with the common action;
  actions 3 and 4 replace it.
  Rulebook section: Special Actions.

  Background:
    Given a 2-player game of Masai
    And the players are Rennan and Bia

  Rule: MASAI-7.1 The 1st use of a special action costs 1 seed, the 2nd use 2, the 3rd use 3

    @clause:MASAI-7.1
    Scenario Outline: The use number <use> of special action 2 costs <cost> seeds
      Rulebook, Special Actions: the 1st time a player uses an action they pay 1 seed, the 2nd
      time 2 seeds, the 3rd time 3 seeds.

      Given Rennan has used special action 2 <before> times
      And Rennan has 10 seeds left
      And the pool holds green 3, red 2
      When Rennan takes green 3 as the key of the green sector
      And Rennan places red 2 turned to 5 on G-out-d1
      Then Rennan has <left> seeds left
      And Rennan has used special action 2 <use> times

      Examples:
        | before | use | cost | left |
        | 0      | 1   | 1    | 9    |
        | 1      | 2   | 2    | 8    |
        | 2      | 3   | 3    | 7    |

    @clause:MASAI-7.1 @ruling:MASAI-R8
    Scenario: A 4th use costs 4 seeds, and each action counts its own uses
      Given Rennan has used special action 2 3 times
      And Rennan has used special action 1 1 time
      And Rennan has 10 seeds left
      And the pool holds green 3, red 2
      When Rennan takes green 3 as the key of the green sector
      And Rennan places red 2 turned to 5 on G-out-d1
      Then Rennan has 6 seeds left
      And Bia has 20 seeds left

    @clause:MASAI-7.1 @ruling:MASAI-R8
    Scenario: Another player's uses do not raise the cost: Rennan's first use costs 1
      Rulebook, Special Actions: "The 1st time a player uses an action, they pay 1 seed."
      Bia has used special action 2 twice; it is still Rennan's first use.

      Given Bia has used special action 2 2 times
      And Bia has 17 seeds left
      And Rennan has 10 seeds left
      And the pool holds green 3, red 2
      When Rennan takes green 3 as the key of the green sector
      And Rennan places red 2 turned to 5 on G-out-d1
      Then Rennan has 9 seeds left
      And Rennan has used special action 2 1 time

    @clause:MASAI-7.1
    Scenario: A player who cannot pay may not use the action
      Given Rennan has used special action 2 2 times
      And Rennan has 2 seeds left
      And the pool holds green 3, red 2
      When Rennan takes green 3 as the key of the green sector
      And Rennan tries to place red 2 turned to 5 on G-out-d1
      Then the request is refused with an error mentioning "the 3rd use of special action 2 costs 3 seeds; Rennan has 2"
      And the game state is unchanged

  Rule: MASAI-7.2 Only one special action may be used per turn

    @clause:MASAI-7.2
    Scenario: Any die as the key, then a new face: the second special action is refused
      Rulebook, Special Actions: "only ONE Special Action may be used per turn".

      Given the necklace holds blue 1 on R-in-d1
      And the pool holds green 3, blue 2
      When Rennan takes green 3 as the key of the red sector
      And Rennan tries to place blue 2 turned to 6 on R-in-d2
      Then the request is refused with an error mentioning "only one special action per turn; special action 1 is already used"
      And the game state is unchanged

  Rule: MASAI-7.3 Special action 1: with no die of the sector's colour, any rolled die may be the key

    @clause:MASAI-7.3 @ruling:MASAI-R9
    Scenario: With no red die in the pool, a green die becomes the red key for 1 seed
      Given the necklace holds blue 1 on R-in-d1
      And the pool holds green 3, blue 2
      When Rennan takes green 3 as the key of the red sector
      Then the key of the red sector is green 3
      And Rennan has 19 seeds left
      When Rennan places blue 2 on R-out-d1
      And Rennan places no seed
      Then Rennan scores 1 points

    @clause:MASAI-7.3 @ruling:MASAI-R9
    Scenario: With a red die in the pool, another colour may not be the red key
      Given the necklace holds blue 1 on R-in-d1
      And the pool holds green 3, red 2, blue 2
      When Rennan tries to take green 3 as the key of the red sector
      Then the request is refused with an error mentioning "special action 1 is only for when the pool has no red die"
      And the game state is unchanged

    @clause:MASAI-7.3 @ruling:MASAI-R9
    Scenario: Special action 1 is not offered when no die would be left to place
      The green sector is opened and the pool holds one red die: used as the key, it would
      leave nothing to allocate. Rennan can pay for special action 1, not for 3 or 4.

      Given the key of the green sector is green 1
      And the pool holds red 4
      And Rennan has 1 seed left
      And Rennan has used special action 3 1 time
      And Rennan has used special action 4 1 time
      Then the choices are pass

    @clause:MASAI-7.3 @ruling:MASAI-R9
    Scenario: Special action 1 takes a key whose face the sector already shows
      The green sector is opened and shows a 2, and the pool holds no green die. Red 2 as
      its key (paid with special action 1) leaves orange 5 to place there; orange 5 as its
      key would leave only red 2, whose face the sector shows. Rennan can pay for special
      action 1, not for 2, 3 or 4.

      Given the necklace holds blue 2 on G-in-d1
      And the pool holds red 2, orange 5
      And Rennan has 1 seed left
      And Rennan has used special action 2 1 time
      And Rennan has used special action 3 1 time
      And Rennan has used special action 4 1 time
      Then the choices are key red 2 on red, key red 2 on green (special 1), key orange 5 on orange

  Rule: MASAI-7.4 Special action 2: the die to allocate may be turned to another face

    @clause:MASAI-7.4 @ruling:MASAI-R10
    Scenario: A die turned to a face not yet in the sector
      Given the necklace holds blue 2 on G-in-d1
      And the pool holds green 3, red 2
      When Rennan takes green 3 as the key of the green sector
      And Rennan places red 2 turned to 6 on G-out-d1
      And Rennan places no seed
      Then red 6 is on G-out-d1
      And Rennan has 19 seeds left

    @clause:MASAI-7.4 @ruling:MASAI-R10
    Scenario: The new face may not repeat a face of the sector either
      Given the necklace holds blue 6 on G-in-d1
      And the pool holds green 3, red 2
      When Rennan takes green 3 as the key of the green sector
      And Rennan tries to place red 2 turned to 6 on G-out-d1
      Then the request is refused with an error mentioning "the green sector already holds a die showing 6 (on G-in-d1)"
      And the game state is unchanged

    @clause:MASAI-7.4 @ruling:MASAI-R10
    Scenario: Only the faces the sector lacks are offered
      The green sector shows 1 to 5: red 2 can only be turned to 6, and only into the empty
      slot.

      Given the necklace holds these dice:
        | slot     | die      |
        | G-in-d1  | blue 1   |
        | G-in-d2  | blue 2   |
        | G-in-d3  | blue 3   |
        | G-out-d1 | blue 4   |
        | G-out-d2 | blue 5   |
      And the pool holds green 3, red 2
      When Rennan takes green 3 as the key of the green sector
      Then the choices are place red 2 as 6 (special 2) on G-out-d3

    @clause:MASAI-7.4 @ruling:MASAI-R10
    Scenario: A die may be turned to a 1
      The green sector shows 2 to 6: red 2 can only be turned to 1, and only into the empty
      slot.

      Given the necklace holds these dice:
        | slot     | die      |
        | G-in-d1  | blue 2   |
        | G-in-d2  | blue 3   |
        | G-in-d3  | blue 4   |
        | G-out-d1 | blue 5   |
        | G-out-d2 | blue 6   |
      And the pool holds green 3, red 2
      When Rennan takes green 3 as the key of the green sector
      Then the choices are place red 2 as 1 (special 2) on G-out-d3

  Rule: MASAI-7.5 Special action 3: a die used as a key is taken from its sector and allocated to any empty slot, instead of the common action

    @clause:MASAI-7.5 @ruling:MASAI-R11
    Scenario: The yellow key goes into a green slot and scores there
      Special action 3 offers every empty slot of an opened sector that does not show a 4:
      here all the slots of the yellow and green sectors, the only ones opened.

      Given the key of the yellow sector is yellow 4
      And the key of the green sector is green 1
      And the pool holds blue 1, blue 2
      Then the key of the yellow sector may move to Y-in-d1, Y-in-d2, Y-in-d3, Y-out-d1, Y-out-d2, Y-out-d3, G-in-d1, G-in-d2, G-in-d3, G-out-d1, G-out-d2, G-out-d3
      When Rennan moves the key of the yellow sector to G-out-d3
      Then yellow 4 is on G-out-d3
      And the yellow sector has no key
      And the yellow sector is opened
      And Rennan scores 1 points
      And Rennan has 19 seeds left
      And it is Bia's turn

  Rule: MASAI-7.6 Special action 4: a die of the wrong colour is replaced by one of the sector's colour with the same face, never taken from a key

    @clause:MASAI-7.6 @ruling:MASAI-R12
    Scenario Outline: Repairing G-in-d3 with a green 5 from <source>
      Given the necklace holds red 5 on G-in-d3
      And the key of the green sector is green 2
      And <where>
      When Rennan repairs G-in-d3 with the green 5 from <source>
      Then green 5 is on G-in-d3
      And the discard holds red 5
      And Rennan scores 2 points
      And Rennan has 19 seeds left

      Examples:
        | source      | where                                  |
        | the pool    | the pool holds green 5, blue 1         |
        | the discard | the discard holds green 5              |
        | B-out-d2    | the necklace holds green 5 on B-out-d2 |

    @clause:MASAI-7.6 @ruling:MASAI-R12
    Scenario Outline: A repair takes one green 5 from <source>, where two lie
      Given the necklace holds red 5 on G-in-d3
      And <where>
      When Rennan repairs G-in-d3 with the green 5 from <source>
      Then green 5 is on G-in-d3
      And <after>

      Examples:
        | source      | where                                   | after                                  |
        | the pool    | the pool holds green 5, green 5, blue 1 | the pool holds green 5, blue 1         |
        | the discard | the discard holds green 5, green 5      | the discard holds green 5, red 5       |

    @clause:MASAI-7.6 @ruling:MASAI-R12
    Scenario: A repair from the pool takes one green 5 of three
      Given the necklace holds red 5 on G-in-d3
      And the pool holds green 5, green 5, green 5, blue 1
      When Rennan repairs G-in-d3 with the green 5 from the pool
      Then green 5 is on G-in-d3
      And the pool holds green 5, green 5, blue 1

    @clause:MASAI-7.6 @ruling:MASAI-R12
    Scenario: The first slot of the necklace is repaired like any other
      R-in-d1 comes first in the board's order of die slots.

      Given the necklace holds orange 3 on R-in-d1
      And the pool holds red 3, blue 1
      When Rennan repairs R-in-d1 with the red 3 from the pool
      Then red 3 is on R-in-d1
      And the discard holds orange 3
      And Rennan scores 2 points

    @clause:MASAI-7.6
    Scenario: The die taken from the necklace leaves its slot empty
      Given the necklace holds red 5 on G-in-d3
      And the necklace holds green 5 on B-out-d2
      And the pool is empty
      When Rennan repairs G-in-d3 with the green 5 from B-out-d2
      Then B-out-d2 is empty

    @clause:MASAI-7.6
    Scenario: A key is never used for a repair
      Given the necklace holds red 5 on G-in-d3
      And the key of the blue sector is green 5
      And the pool is empty
      When Rennan tries to repair G-in-d3 with the green 5 from the pool
      Then the request is refused with an error mentioning "there is no green 5 in the pool to repair with (keys never count)"
      And the game state is unchanged

    @clause:MASAI-7.6
    Scenario: A die of its sector's colour is not repaired, even with its twin in the pool
      Given the necklace holds green 5 on G-in-d3
      And the pool holds green 5
      When Rennan tries to repair G-in-d3 with the green 5 from the pool
      Then the request is refused with an error mentioning "G-in-d3 already holds a die of its sector's colour"
      And the game state is unchanged

    @clause:MASAI-7.6
    Scenario: Every die of the sector's colour and face on the necklace may serve
      Yellow 4s lie on R-out-d3 and on O-in-d1, the next slot in the board's order: both are
      offered for repairing the blue 4 on Y-in-d1.

      Given the necklace holds these dice:
        | slot     | die      |
        | Y-in-d1  | blue 4   |
        | R-out-d3 | yellow 4 |
        | O-in-d1  | yellow 4 |
      And the pool is empty
      Then the choices include "repair Y-in-d1 from R-out-d3 (special 4)"
      And the choices include "repair Y-in-d1 from O-in-d1 (special 4)"

    @clause:MASAI-7.6
    Scenario: The die in the first slot of the necklace may serve for a repair
      The orange 3 on R-in-d1, the first die slot in the board's order, is of the orange
      sector's colour and shows the face of the violet 3 on O-in-d2.

      Given the necklace holds these dice:
        | slot    | die      |
        | R-in-d1 | orange 3 |
        | O-in-d2 | violet 3 |
      And the pool is empty
      Then the choices include "repair O-in-d2 from R-in-d1 (special 4)"

    @clause:MASAI-7.6
    Scenario: A die of the wrong colour placed in play may be repaired on the next turn
      Given the pool holds green 3, red 5, green 5, blue 1
      When Rennan takes green 3 as the key of the green sector
      And Rennan places red 5 on G-in-d3
      And Rennan places no seed
      Then it is Bia's turn
      And the choices include "repair G-in-d3 from the pool (special 4)"

    @clause:MASAI-7.6
    Scenario: A die of its sector's colour placed in play is not offered for a repair
      Given the pool holds green 3, green 5, green 5, blue 1
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 5 on G-in-d3
      And Rennan places no seed
      Then it is Bia's turn
      And the choices do not include "repair G-in-d3 from the pool (special 4)"

    @clause:MASAI-7.6
    Scenario: A repaired die is not offered for a repair again
      Given the necklace holds red 5 on G-in-d3
      And the pool holds green 5, green 5, blue 1
      When Rennan repairs G-in-d3 with the green 5 from the pool
      Then it is Bia's turn
      And the choices do not include "repair G-in-d3 from the pool (special 4)"

    @clause:MASAI-7.6
    Scenario: A die of its sector's colour needs no repair
      Given the necklace holds green 5 on G-in-d3
      And the pool holds green 1
      When Rennan tries to repair G-in-d3 with the green 5 from the pool
      Then the request is refused with an error mentioning "G-in-d3 already holds a die of its sector's colour"
      And the game state is unchanged
