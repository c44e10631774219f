@game:mahola
Feature: Mahola — scoring a dance
  Each card of a tableau scores against the player's Character: its value on the
  Character's colour, nothing on the Character's spirit animal, minus its value otherwise.
  Matching secondary dances and adjacency bonuses are added. The rulebook prints no card
  data and no Character colours, so every card and Character here is defined by the
  scenario; cards it does not describe are blank (value 0, no icons, no bonus).
  Rulebook sections: Scoring, Dance Cards.

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

  Rule: MAHOLA-4.1 A card whose colour matches the player's Character adds its value

    @clause:MAHOLA-4.1
    Scenario Outline: A <value>-point orange <animal> card in the orange Chief's dance scores <points>
      Given the Dance cards are, every other card being blank:
        | card | dance | value   | colour | animal   |
        | C    | Eagle | <value> | orange | <animal> |
      And Ana's tableau is C from left to right
      And turn 2 begins
      Then Ana's dance is worth <points> points

      Examples:
        | value | animal | points |
        | 3     | Wolf   | 3      |
        | 4     | Bear   | 4      |
        | 5     | Raven  | 5      |

  Rule: MAHOLA-4.2 A card of another colour whose spirit animal matches the Character's scores nothing

    @clause:MAHOLA-4.2 @ruling:MAHOLA-R2
    Scenario: Bear cards of other colours score nothing for the Chief, whose animal is the Bear
      Given the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal |
        | W    | Eagle   | 4     | white  | Bear   |
        | P    | Chicken | 2     | purple | Bear   |
      And Ana's tableau is W, P from left to right
      And turn 3 begins
      Then the dances are worth:
        | player | card by card | total |
        | Ana    | 0, 0         | 0     |

  Rule: MAHOLA-4.3 A card matching neither the colour nor the spirit animal subtracts its value

    @clause:MAHOLA-4.3 @clause:MAHOLA-4.1 @clause:MAHOLA-4.2
    Scenario: The purple Raven Shaman's three cards score -3, +2 and 0
      Given the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal |
        | O    | Eagle   | 3     | orange | Wolf   |
        | P    | Horse   | 2     | purple | Snake  |
        | R    | Chicken | 5     | white  | Raven  |
      And Dan's tableau is O, P, R from left to right
      And turn 4 begins
      Then the dances are worth:
        | player | card by card | total |
        | Dan    | -3, 2, 0     | -1    |

  Rule: MAHOLA-4.4 The value of every matching secondary dance is added to the score

    @clause:MAHOLA-4.4 @ruling:MAHOLA-R3
    Scenario: Three cards sharing the Hoop icon add three points
      Under the default reading each icon that another card of the same tableau also shows
      is a matching secondary dance, worth one point.

      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal | icons      |
        | E1   | Eagle | 1     | white  | Wolf   | Hoop       |
        | E2   | Eagle | 1     | white  | Wolf   | Hoop, Gourd |
        | E3   | Eagle | 1     | white  | Wolf   | Hoop, War  |
      And Ben's tableau is E1, E2, E3 from left to right
      And turn 4 begins
      Then the dances are worth:
        | player | cards | secondary | adjacency | total |
        | Ben    | 3     | 3         | 0         | 6     |

    @clause:MAHOLA-4.4 @ruling:MAHOLA-R3
    Scenario Outline: Matching secondary dances under the <reading> reading: <secondary>
      K1 shows the War and Fire icons, K2 is a Fire Dance showing War, K3 a Rain Dance
      showing Sun. Sharing icons, War matches on K1 and on K2. Naming dances, only K1's
      Fire icon matches: K2 is a Fire Dance.

      Given the secondary dance reading is <reading>
      And the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal | icons     |
        | K1   | Buffalo | 0     | orange | Bear   | War, Fire |
        | K2   | Fire    | 0     | orange | Bear   | War       |
        | K3   | Rain    | 0     | orange | Bear   | Sun       |
      And Ana's tableau is K1, K2, K3 from left to right
      And turn 4 begins
      Then the dances are worth:
        | player | secondary   |
        | Ana    | <secondary> |

      Examples:
        | reading     | secondary |
        | shared_icon | 2         |
        | named_dance | 1         |

  Rule: MAHOLA-4.5 A Fire, Grass, Rain or Sun Dance card earns one point for each adjacent card showing its symbol

    @clause:MAHOLA-4.5 @ruling:MAHOLA-R4
    Scenario Outline: Adjacency bonuses under the <reading> reading: <adjacency>
      L and R are Fire Dances; M shows the Fire icon. L's neighbour is M; R's are M and X.

      Given the adjacency reading is <reading>
      And the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal | icons |
        | L    | Fire    | 0     | orange | Bear   | -     |
        | M    | Buffalo | 0     | white  | Wolf   | Fire  |
        | R    | Fire    | 0     | orange | Snake  | -     |
        | X    | Buffalo | 0     | orange | Raven  | -     |
      And Ana's tableau is L, M, R, X from left to right
      And turn 5 begins
      Then the dances are worth:
        | player | adjacency   | total       |
        | Ana    | <adjacency> | <adjacency> |

      Examples:
        | reading     | adjacency |
        | same_dance  | 2         |
        | any_card    | 3         |
        | same_colour | 1         |
        | same_animal | 0         |

    @clause:MAHOLA-4.5 @clause:MAHOLA-8.1
    Scenario Outline: A <dance> Dance between two cards earns <adjacency> under the any_card reading
      Only the four dances whose card prints "+1 point for each adjacent …" earn the bonus.

      Given the adjacency reading is any_card
      And the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal |
        | D    | <dance> | 0     | orange | Bear   |
      And Ana's tableau is card 40, D, card 41 from left to right
      And turn 4 begins
      Then the dances are worth:
        | player | adjacency   |
        | Ana    | <adjacency> |

      Examples:
        | dance   | adjacency |
        | Fire    | 2         |
        | Grass   | 2         |
        | Rain    | 2         |
        | Sun     | 2         |
        | Buffalo | 0         |
        | Chicken | 0         |
        | Eagle   | 0         |
        | Horse   | 0         |

    @clause:MAHOLA-4.5 @clause:MAHOLA-4.4 @clause:MAHOLA-4.3
    Scenario: A whole dance: card points, matching secondary dances and adjacency bonuses
      Ben is the white Wolf Hunter. G1 scores +3 (white), G2 0 (a Wolf), S1 -4, H1 +1.
      The War icon matches on G1 and G2, the Sun icon on G2 and H1: 4 matching secondary
      dances. G1 has a Grass neighbour (G2); G2 has one (G1); S1 sits between two cards
      showing the Sun icon: 4 adjacency points. 0 + 4 + 4 = 8.

      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal | icons    |
        | G1   | Grass | 3     | white  | Bear   | War      |
        | G2   | Grass | 2     | black  | Wolf   | War, Sun |
        | S1   | Sun   | 4     | orange | Snake  | -        |
        | H1   | Horse | 1     | white  | Raven  | Sun      |
      And Ben's tableau is G1, G2, S1, H1 from left to right
      And turn 5 begins
      Then the dances are worth:
        | player | card by card | cards | secondary | adjacency | total |
        | Ben    | 3, 0, -4, 1  | 0     | 4         | 4         | 8     |
