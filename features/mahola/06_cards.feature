@game:mahola
Feature: Mahola — the Dance cards and their icons
  A Dance card shows a value in a colour, a spirit animal, secondary dance icons, its
  dance's name and, on four dances, an adjacency bonus. The rulebook lists the icons but
  prints no card: the engine reads every card from a data file of placeholders, and the
  scenarios describe the cards they rely on.
  Rulebook sections: Scoring (the parts of a Dance card), Icons, Dance Cards.

  Background:
    Given a 4-player game of Mahola
    And the players, in seating order, are Ana, Ben, Cleo and Dan
    And the Characters are:
      | character | colour | animal |
      | Chief     | orange | Bear   |
      | Hunter    | white  | Wolf   |
      | Maiden    | black  | Snake  |
      | Shaman    | purple | Raven  |

  Rule: MAHOLA-8.1 A Dance card shows a coloured value, a spirit animal, secondary dance icons and its dance; the icons are those of the rulebook's list

    @clause:MAHOLA-8.1 @ruling:MAHOLA-R1
    Scenario: A player sees every part of the cards in their hand
      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal | icons     | special |
        | F    | Fire  | 3     | orange | Bear   | War, Rain | no      |
        | H    | Horse | 2     | purple | Raven  | -         | yes     |
      And Ana's hand is F, H, card 40, card 41, card 42
      And turn 1 begins
      Then Ana sees "card 0 (Fire 3 orange Bear [War, Rain])"
      And Ana sees "card 1 (Horse 2 purple Raven *special*)"
      And Ana sees "card 40 (Buffalo 0 orange Bear)"

    @clause:MAHOLA-8.1 @ruling:MAHOLA-R1
    Scenario Outline: A card with <problem> is refused
      When the Dance card table is read:
        | card | dance   | value   | colour   | animal   | icons   |
        | X    | <dance> | <value> | <colour> | <animal> | <icons> |
      Then the request is refused with an error mentioning "<error>"

      Examples:
        | problem                     | dance | value | colour | animal | icons | error                                                                 |
        | an icon not in the list     | Fire  | 2     | orange | Bear   | Eagle | an icon of card 0 must be one of War, Spirit, Fire, Rain, Gourd, Hoop, Grass, Sun |
        | an animal not in the list   | Fire  | 2     | orange | Fox    | -     | card 0's animal must be one of Bear, Wolf, Snake, Raven               |
        | a colour no Character has   | Fire  | 2     | pink   | Bear   | -     | card 0's colour (a Character colour) must be one of orange, white, black, purple |
        | a dance the rulebook lacks  | Tango | 2     | orange | Bear   | -     | card 0's dance must be one of Buffalo, Chicken, Eagle, Horse, Fire, Grass, Rain, Sun |
        | the same icon twice         | Fire  | 2     | orange | Bear   | War, War | card 0 shows an icon twice                                       |
