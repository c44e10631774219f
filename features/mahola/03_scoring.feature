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
      is a matching secondary dance, worth the value of its card: 1 point here.

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
      Fire icon matches: K2 is a Fire Dance. Each card is worth 1 but white, so it scores
      nothing on Ana's Bear, and each matching icon adds its card's 1.

      Given the secondary dance reading is <reading>
      And the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal | icons     |
        | K1   | Buffalo | 1     | white  | Bear   | War, Fire |
        | K2   | Fire    | 1     | white  | Bear   | War       |
        | K3   | Rain    | 1     | white  | Bear   | Sun       |
      And Ana's tableau is K1, K2, K3 from left to right
      And turn 4 begins
      Then the dances are worth:
        | player | secondary   | matching    |
        | Ana    | <secondary> | <secondary> |

      Examples:
        | reading     | secondary |
        | shared_icon | 2         |
        | named_dance | 1         |

    @clause:MAHOLA-4.4 @ruling:MAHOLA-R3
    Scenario Outline: Each matching secondary dance adds the value of its card (<points>: <secondary>)
      The rulebook adds "the value of any matching secondary dances". E1 (worth 2) and E2
      (worth 3) share the Hoop icon; E3's War icon and E2's Gourd icon match nothing. The
      cards are black Wolves: Ben, the white Wolf, scores nothing for the cards themselves.
      By default each matching icon adds the value of the card that shows it, 2 + 3; the
      game parameter secondary_points=one_per_icon adds 1 per matching icon instead.

      Given the secondary dance points reading is <points>
      And the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal | icons       |
        | E1   | Eagle | 2     | black  | Wolf   | Hoop        |
        | E2   | Eagle | 3     | black  | Wolf   | Hoop, Gourd |
        | E3   | Eagle | 4     | black  | Wolf   | War         |
      And Ben's tableau is E1, E2, E3 from left to right
      And turn 4 begins
      Then the dances are worth:
        | player | cards | secondary   | matching | total       |
        | Ben    | 0     | <secondary> | 2        | <secondary> |

      Examples:
        | points       | secondary |
        | card_value   | 5         |
        | one_per_icon | 2         |

    @clause:MAHOLA-4.4 @ruling:MAHOLA-R3
    Scenario Outline: Naming dances, a card's icon of its own dance needs another card of that dance: <tableau>
      F1 is a Fire Dance showing the Fire icon; it does not match itself. F2, another Fire
      Dance, makes it match. Both are worth 1, white, scoring nothing on Ana's Bear.

      Given the secondary dance reading is named_dance
      And the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal | icons |
        | F1   | Fire  | 1     | white  | Bear   | Fire  |
        | F2   | Fire  | 1     | white  | Bear   | -     |
      And Ana's tableau is <tableau> from left to right
      And turn <turn> begins
      Then the dances are worth:
        | player | secondary   | matching    |
        | Ana    | <secondary> | <secondary> |

      Examples:
        | tableau | turn | secondary |
        | F1      | 2    | 0         |
        | F1, F2  | 3    | 1         |

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

    @clause:MAHOLA-4.5 @ruling:MAHOLA-R4
    Scenario Outline: Under the same_colour reading, only the Fire Dance earns, from each same-colour neighbour: <tableau>
      F is a Fire Dance, the others Buffalo Dances, all worth 0. A, B and D are orange like F,
      C is white. F earns 1 for each orange neighbour; the Buffalo Dances print no bonus.

      Given the adjacency reading is same_colour
      And the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal |
        | A    | Buffalo | 0     | orange | Bear   |
        | F    | Fire    | 0     | orange | Bear   |
        | B    | Buffalo | 0     | orange | Bear   |
        | C    | Buffalo | 0     | white  | Bear   |
        | D    | Buffalo | 0     | orange | Bear   |
      And Ana's tableau is <tableau> from left to right
      And turn 5 begins
      Then the dances are worth:
        | player | adjacency |
        | Ana    | 2         |

      Examples:
        | tableau    |
        | A, F, B, C |
        | A, F, B, D |
        | C, B, F, A |

    @clause:MAHOLA-4.5 @ruling:MAHOLA-R4
    Scenario: Under the same_colour reading, a Fire Dance at the right end earns from its one neighbour
      F is a Fire Dance at the right end of the tableau; its only neighbour B is orange like F.

      Given the adjacency reading is same_colour
      And the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal |
        | A    | Buffalo | 0     | orange | Bear   |
        | B    | Buffalo | 0     | orange | Bear   |
        | F    | Fire    | 0     | orange | Bear   |
      And Ana's tableau is A, B, F from left to right
      And turn 4 begins
      Then the dances are worth:
        | player | adjacency |
        | Ana    | 1         |

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
      dances, adding the values of their cards: 3 + 2 + 2 + 1 = 8. G1 has a Grass neighbour
      (G2); G2 has one (G1); S1 sits between two cards showing the Sun icon: 4 adjacency
      points. 0 + 8 + 4 = 12.

      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal | icons    |
        | G1   | Grass | 3     | white  | Bear   | War      |
        | G2   | Grass | 2     | black  | Wolf   | War, Sun |
        | S1   | Sun   | 4     | orange | Snake  | -        |
        | H1   | Horse | 1     | white  | Raven  | Sun      |
      And Ben's tableau is G1, G2, S1, H1 from left to right
      And turn 5 begins
      Then the dances are worth:
        | player | card by card | cards | secondary | matching | adjacency | total |
        | Ben    | 3, 0, -4, 1  | 0     | 8         | 4        | 4         | 12    |
