@game:masai
Feature: Masai — instant scoring and links
  Every die allocated scores at once: 1 point, plus 1 if its colour is the sector's. On the
  inner (dotted) line it also scores its link: 1 point per die in the chain of occupied slots
  that now holds it, joined by the player's own seeds and by natural links.
  Rulebook sections: Standard Scoring, Inner Line Scoring, Outer Line Scoring.

  Background:
    Given a 2-player game of Masai
    And the players are Rennan and Bia

  Rule: MASAI-6.1 Each die allocated scores 1 point, plus 1 if it has the sector's colour, on either line

    @clause:MASAI-6.1
    Scenario Outline: <die> on <slot> scores <points>
      Given the pool holds green 1, <die>
      When Rennan takes green 1 as the key of the green sector
      And Rennan places <die> on <slot>
      And Rennan places no seed
      Then Rennan scores <points> points

      Examples:
        | die     | slot     | points |
        | green 5 | G-out-d3 | 2      |
        | red 5   | G-out-d3 | 1      |
        | green 5 | G-in-d3  | 2      |
        | red 5   | G-in-d3  | 1      |

  Rule: MASAI-6.2 On the inner line a die also scores 1 per die in its link; own seeds and natural links join, empty slots and other players' seeds break

    @clause:MASAI-6.2 @example @ruling:MASAI-R1 @ruling:MASAI-R6 @ruling:MASAI-R18
    Scenario: The rulebook's example: Rennan scores 1 + 1 + 3 = 5
      Rulebook, Inner Line Scoring: Rennan takes a green key, allocates a green die showing 2 on
      the inner line of a green area and adds a seed linking it to a yellow die showing 4:
      1 for the allocation + 1 for the colour + 3 for the linked dice = 5. On the shipped
      board the seed slot G-in-s1 joins G-in-d1 to Y-in-d3, and a natural link joins G-in-d1
      to G-in-d2, where the third die of the link lies.

      Given the necklace holds yellow 4 on Y-in-d3
      And the necklace holds blue 6 on G-in-d2
      And the pool holds green 3, green 2, red 1, red 5, blue 1, blue 2
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 2 on G-in-d1
      And Rennan puts a seed on G-in-s1
      Then Rennan scores 5 points
      And Rennan's score is 5
      And the link of Rennan holding G-in-d1 is G-in-d1, G-in-d2, Y-in-d3

    @clause:MASAI-6.2 @ruling:MASAI-R6
    Scenario: Own seeds join a chain of dice across several slots
      The scenario fixes the joins it relies on.

      Given seed slot G-in-s2 joins die slots G-in-d2 and G-in-d3
      And seed slot B-in-s1 joins die slots G-in-d3 and B-in-d1
      And the necklace holds these dice:
        | slot    | die    |
        | G-in-d2 | red 1  |
        | B-in-d1 | blue 6 |
      And Rennan's seeds are on G-in-s2, B-in-s1
      And the pool holds green 3, green 5
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 5 on G-in-d3
      And Rennan places no seed
      Then Rennan scores 5 points

    @clause:MASAI-6.2 @ruling:MASAI-R6
    Scenario: A natural link joins dice without any seed
      Given die slots G-in-d1 and G-in-d2 are naturally linked
      And the necklace holds red 1 on G-in-d1
      And the pool holds green 3, green 5
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 5 on G-in-d2
      And Rennan places no seed
      Then Rennan scores 4 points

    @clause:MASAI-6.2 @ruling:MASAI-R6
    Scenario: Another player's seed breaks the link
      The scenario fixes the joins it relies on, the missing natural link included.

      Given seed slot G-in-s2 joins die slots G-in-d2 and G-in-d3
      And die slots G-in-d2 and G-in-d3 are not naturally linked
      And the necklace holds red 1 on G-in-d2
      And Bia's seed is on G-in-s2
      And the pool holds green 3, green 5
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 5 on G-in-d3
      And Rennan places no seed
      Then Rennan scores 2 points

    @clause:MASAI-6.2 @ruling:MASAI-R6
    Scenario: An empty die slot breaks the link
      The scenario fixes the joins it relies on, the missing natural link included.

      Given seed slot G-in-s2 joins die slots G-in-d2 and G-in-d3
      And seed slot B-in-s1 joins die slots G-in-d3 and B-in-d1
      And die slots G-in-d2 and B-in-d1 are not naturally linked
      And the necklace holds blue 6 on B-in-d1
      And Rennan's seeds are on G-in-s2, B-in-s1
      And the pool holds green 3, green 5
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 5 on G-in-d2
      And Rennan places no seed
      Then Rennan scores 2 points

    @clause:MASAI-6.2 @ruling:MASAI-R6
    Scenario: A die with no linked neighbour scores no link points
      Given the pool holds green 3, green 5
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 5 on G-in-d3
      And Rennan puts a seed on G-in-s2
      Then Rennan scores 2 points

    @clause:MASAI-6.2
    Scenario: Past an opponent's seed, the die's other seed slot still joins its link
      R-in-d3 has two seed slots: R-in-s2, holding Bia's seed, and O-in-s1, holding Rennan's.
      Bia's seed joins nothing for Rennan; his own seed still joins R-in-d3 to O-in-d1.

      Given the board has no natural links
      And seed slot R-in-s2 joins die slots R-in-d2 and R-in-d3
      And seed slot O-in-s1 joins die slots R-in-d3 and O-in-d1
      And the necklace holds these dice:
        | slot    | die      |
        | R-in-d2 | red 1    |
        | R-in-d3 | red 2    |
        | O-in-d1 | orange 3 |
      And Bia's seed is on R-in-s2
      And Rennan's seed is on O-in-s1
      Then the link of Rennan holding R-in-d3 is R-in-d3, O-in-d1
      And the link of Bia holding R-in-d3 is R-in-d2, R-in-d3

  Rule: MASAI-6.3 A die on the outer line scores the standard points now; its link counts at the end

    @clause:MASAI-6.3
    Scenario: The rulebook's outer-line note: standard points now, the link later
      Rulebook, Outer Line Scoring: allocating on the outer line prepares a future score, but
      the player still receives the standard score (1 for the allocation, 1 more if the
      colour is right) at once.

      Given seed slot G-out-s2 joins die slots G-out-d2 and G-out-d3
      And the necklace holds red 1 on G-out-d2
      And the pool holds green 3, green 5
      When Rennan takes green 3 as the key of the green sector
      And Rennan places green 5 on G-out-d3
      And Rennan puts a seed on G-out-s2
      Then Rennan scores 2 points
      And Rennan's best outer link is worth 8
