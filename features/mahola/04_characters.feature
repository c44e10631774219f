@game:mahola
Feature: Mahola — the Characters' abilities
  After the fifth turn the Characters are revealed and every player uses their
  Character's ability at the same time, on their own tableau, before the dances are
  scored. The Character colours are defined here by the scenario, as the rulebook does not
  name them. Cards it does not describe are blank (value 0, no icons, no bonus).
  Rulebook section: Character Cards.

  Background:
    Given a 4-player game of Mahola
    And the players, in seating order, are Ana, Ben, Cleo and Dan
    And the Characters are:
      | character | colour | animal |
      | Chief     | orange | Bear   |
      | Hunter    | white  | Wolf   |
      | Maiden    | black  | Snake  |
      | Shaman    | purple | Raven  |
    And Ana is the Chief
    And Ben is the Hunter
    And Cleo is the Maiden
    And Dan is the Shaman

  Rule: MAHOLA-7.1 The Chief names Fire, Grass, Rain or Sun and scores one point each time that dance appears on the tableau

    @clause:MAHOLA-7.1 @ruling:MAHOLA-R5
    Scenario Outline: The Chief names <dance> and counts it under the <reading> reading: <chief>
      Two Sun Dances (F1, F2) and three cards showing the Sun icon (F3, F4, F5). F1 and F2
      are worth 0; F3, F4 and F5 are worth 1 but white, so they score nothing on Ana's Bear.
      The icons match each other, each adding its card's 1 (3 points), and F1, F2 earn
      adjacency bonuses (F1 next to F2, F2 next to F1 and to F3's Sun icon: 3 points).

      Given the Chief's count reading is <reading>
      And the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal | icons    |
        | F1   | Sun     | 0     | orange | Bear   | -        |
        | F2   | Sun     | 0     | orange | Bear   | -        |
        | F3   | Buffalo | 1     | white  | Bear   | Sun      |
        | F4   | Buffalo | 1     | white  | Bear   | Sun, War |
        | F5   | Eagle   | 1     | white  | Bear   | Sun      |
      And Ana's tableau is F1, F2, F3, F4, F5 from left to right
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names <dance>               |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then the round's scores were:
        | player | secondary | adjacency | chief   | total   |
        | Ana    | 3         | 3         | <chief> | <total> |
      And Ana wins round 1 and takes a Favor token

      Examples:
        | reading         | dance | chief | total |
        | names_and_icons | Sun   | 5     | 11    |
        | names           | Sun   | 2     | 8     |
        | icons           | Sun   | 3     | 9     |
        | names_and_icons | Grass | 0     | 6     |

    @clause:MAHOLA-7.1
    Scenario: The Chief chooses among the four dances and must choose
      Given the five turns are over and the Characters are about to act
      Then Ana's choices are name Fire, name Grass, name Rain, name Sun

    @clause:MAHOLA-7.1
    Scenario Outline: The Chief cannot <request>
      Given the five turns are over and the Characters are about to act
      When the players try to choose at the same time:
        | player | ability                     |
        | Ana    | <ability>                   |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then the request is refused with an error mentioning "<error>"
      And the game state is unchanged

      Examples:
        | request                | ability                     | error                                      |
        | name the Eagle Dance   | names Eagle                 | the Chief names Fire, Grass, Rain or Sun   |
        | leave his dance alone  | leaves the tableau as it is | the Chief must name a dance                |

    @clause:MAHOLA-7.1
    Scenario: Only the Chief names a dance
      Given the five turns are over and the Characters are about to act
      When the players try to choose at the same time:
        | player | ability                     |
        | Ana    | names Fire                  |
        | Ben    | names Fire                  |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then the request is refused with an error mentioning "only the Chief names a dance"
      And the game state is unchanged

  Rule: MAHOLA-7.2 The Hunter may draw a card, then may swap a card of his hand for a card of his own tableau

    @clause:MAHOLA-7.2 @ruling:MAHOLA-R9
    Scenario: The Hunter draws, then swaps the drawn card into his dance
      T3, a black Snake card worth 4, costs the white Wolf Hunter 4 points; the white N he
      draws is worth +2 in its place.

      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal |
        | T3   | Eagle | 4     | black  | Snake  |
        | N    | Eagle | 2     | white  | Snake  |
      And blank cards named H1 to H5, T1, T2, T4 and T5
      And Ben's hand is H1, H2, H3, H4, H5
      And Ben's tableau is T1, T2, T3, T4, T5 from left to right
      And the five turns are over and the Hunter is about to draw
      Then each card of the draw pile comes next with probability 1/4
      When the Hunter draws N
      Then Ben's hand is H1, H2, H3, H4, H5, N
      And next, the Characters act
      And Ben has 31 choices
      And Ben's dance is worth -4 points
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Fire                  |
        | Ben    | swaps N for T3              |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then Ben's final tableau was T1, T2, N, T4, T5 from left to right
      And Ben scored 2 points in round 1
      And Ben wins round 1 and takes a Favor token

    @clause:MAHOLA-7.2 @ruling:MAHOLA-R9
    Scenario: The Hunter may swap any card of his hand for any card of his tableau
      H1 to H5 are cards 0 to 4, T1 to T5 cards 5 to 9 and N card 10: N may go in place of T5,
      H1 in place of T3, and so on for every card of his hand and of his tableau.

      Given blank cards named H1 to H5, T1 to T5 and N
      And Ben's hand is H1, H2, H3, H4, H5
      And Ben's tableau is T1, T2, T3, T4, T5 from left to right
      And the five turns are over and the Hunter is about to draw
      When the Hunter draws N
      Then Ben has 31 choices
      And Ben's choices include "swap hand card 10 for tableau card 9"
      And Ben's choices include "swap hand card 0 for tableau card 7"

    @clause:MAHOLA-7.2 @ruling:MAHOLA-R9
    Scenario: The Hunter may keep his dance as it is
      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal |
        | T1   | Eagle | 3     | white  | Bear   |
      And Ben's tableau is T1, card 40, card 41, card 42, card 43 from left to right
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Fire                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then Ben's final tableau was T1, card 40, card 41, card 42, card 43 from left to right
      And Ben scored 3 points in round 1

    @clause:MAHOLA-7.2
    Scenario: The Hunter cannot take a card from another player's tableau
      Given blank cards named A1 to A5 and H1 to H6
      And Ana's tableau is A1, A2, A3, A4, A5 from left to right
      And Ben's hand is H1, H2, H3, H4, H5, H6
      And the five turns are over and the Characters are about to act
      When the players try to choose at the same time:
        | player | ability                     |
        | Ana    | names Fire                  |
        | Ben    | swaps H1 for A3             |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then the request is refused with an error mentioning "is not in the Hunter's own tableau"
      And the game state is unchanged

  Rule: MAHOLA-7.3 The Maiden may move one card of her own tableau to another place in it

    @clause:MAHOLA-7.3 @ruling:MAHOLA-R9
    Scenario: The Maiden moves her Fire Dance between two cards, next to a Fire icon
      On the left end M1 has one blank neighbour; moved between M4 (showing the Fire icon)
      and M5 it earns one adjacency point.

      Given the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal | icons |
        | M1   | Fire    | 0     | black  | Snake  | -     |
        | M4   | Buffalo | 0     | black  | Snake  | Fire  |
      And blank cards named M2, M3 and M5
      And Cleo's tableau is M1, M2, M3, M4, M5 from left to right
      And the five turns are over and the Characters are about to act
      Then Cleo has 21 choices
      And Cleo's dance is worth 0 points
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Fire                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | moves M1 to position 4      |
        | Dan    | leaves the tableau as it is |
      Then Cleo's final tableau was M2, M3, M4, M1, M5 from left to right
      And Cleo scored 1 point in round 1
      And Cleo wins round 1 and takes a Favor token

    @clause:MAHOLA-7.3 @ruling:MAHOLA-R9
    Scenario: The Maiden may move any card of her tableau to any other place in it
      M1 to M5 are cards 0 to 4: M5 may go to the left end, M2 to the fourth place, and so on.

      Given blank cards named M1 to M5
      And Cleo's tableau is M1, M2, M3, M4, M5 from left to right
      And the five turns are over and the Characters are about to act
      Then Cleo has 21 choices
      And Cleo's choices include "move card 4 to position 1"
      And Cleo's choices include "move card 1 to position 4"

    @clause:MAHOLA-7.3
    Scenario Outline: The Maiden cannot <request>
      Given blank cards named A1 to A5 and M1 to M5
      And Ana's tableau is A1, A2, A3, A4, A5 from left to right
      And Cleo's tableau is M1, M2, M3, M4, M5 from left to right
      And the five turns are over and the Characters are about to act
      When the players try to choose at the same time:
        | player | ability                     |
        | Ana    | names Fire                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | <ability>                   |
        | Dan    | leaves the tableau as it is |
      Then the request is refused with an error mentioning "<error>"
      And the game state is unchanged

      Examples:
        | request                          | ability                | error                                   |
        | move a card of another tableau   | moves A2 to position 1 | not in the Maiden's own tableau         |
        | leave a card where it stands     | moves M3 to position 3 | card 7 already stands at position 3     |

  Rule: MAHOLA-7.4 The Shaman may change the colour of one card of his own tableau

    @clause:MAHOLA-7.4 @ruling:MAHOLA-R9
    Scenario: The Shaman turns an orange card purple, his own colour
      R1 is an orange Wolf card worth 3: -3 for the purple Raven Shaman, +3 once purple.

      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal |
        | R1   | Eagle | 3     | orange | Wolf   |
      And blank cards named R2 to R5
      And Dan's tableau is R1, R2, R3, R4, R5 from left to right
      And the five turns are over and the Characters are about to act
      Then Dan's dance is worth -3 points
      And Dan has 16 choices
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Fire                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | makes R1 purple             |
      Then Dan scored 3 points in round 1
      And Dan wins round 1 and takes a Favor token

    @clause:MAHOLA-7.4 @ruling:MAHOLA-R9
    Scenario: The Shaman may give a card any other colour, even one that is not his
      R1 is a black Wolf card worth 2: -2 for the purple Raven Shaman, and still -2 once
      orange. The Shaman may change the colour of any one card of his tableau to any other
      (R1 is card 0 and R2 to R5 are cards 1 to 4, the blank ones orange).

      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal |
        | R1   | Eagle | 2     | black  | Wolf   |
      And blank cards named R2 to R5
      And Dan's tableau is R1, R2, R3, R4, R5 from left to right
      And the five turns are over and the Characters are about to act
      Then Dan's choices are leave the tableau as it is, make card 0 orange, make card 0 white, make card 0 purple, make card 1 white, make card 1 black, make card 1 purple, make card 2 white, make card 2 black, make card 2 purple, make card 3 white, make card 3 black, make card 3 purple, make card 4 white, make card 4 black, make card 4 purple
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Fire                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | makes R1 orange             |
      Then Dan scored -2 points in round 1

    @clause:MAHOLA-7.4
    Scenario Outline: The Shaman cannot <request>
      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal |
        | R1   | Eagle | 3     | orange | Wolf   |
        | A1   | Eagle | 3     | orange | Wolf   |
      And Dan's tableau is R1, card 30, card 31, card 32, card 33 from left to right
      And Ana's tableau is A1, card 34, card 35, card 36, card 37 from left to right
      And the five turns are over and the Characters are about to act
      When the players try to choose at the same time:
        | player | ability                     |
        | Ana    | names Fire                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | <ability>                   |
      Then the request is refused with an error mentioning "<error>"
      And the game state is unchanged

      Examples:
        | request                                | ability         | error                                |
        | give a card the colour it already has  | makes R1 orange | card 0 is already orange             |
        | recolour a card of another tableau     | makes A1 purple | not in the Shaman's own tableau      |

    @clause:MAHOLA-7.4 @clause:MAHOLA-7.1
    Scenario: Only the Shaman changes colours, and each Character acts on its own dance
      Given blank cards named R1 to R5
      And Dan's tableau is R1, R2, R3, R4, R5 from left to right
      And the five turns are over and the Characters are about to act
      When the players try to choose at the same time:
        | player | ability                     |
        | Ana    | makes R1 orange             |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then the request is refused with an error mentioning "only the Shaman changes a colour; player 0 is the Chief"
      And the game state is unchanged
