@game:mahola
Feature: Mahola — the round's winner, ties and the end of the game
  Once the Characters have acted, the highest-scoring dance wins the round and a Favor
  token. Ties go to the most Special Dance cards, then to the most matching secondary
  dances. The first player with three Favor tokens wins the game. Cards the scenario does
  not describe are blank (value 0, no icons, not Special): they score nothing.
  Rulebook sections: Playing a Round, Resolving Ties, Winning the Game.

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

  Rule: MAHOLA-3.6 The highest score wins the round and a Favor token

    @clause:MAHOLA-3.6 @clause:MAHOLA-2.4 @ruling:MAHOLA-R11
    Scenario: Ana's 5 beats Ben's 3; a new round is dealt from everything
      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal |
        | A    | Eagle | 5     | orange | Wolf   |
        | B    | Eagle | 3     | white  | Bear   |
      And Ana's tableau is A, card 30, card 31, card 32, card 33 from left to right
      And Ben's tableau is B, card 34, card 35, card 36, card 37 from left to right
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Rain                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then the round's scores were:
        | player | total |
        | Ana    | 5     |
        | Ben    | 3     |
        | Cleo   | 0     |
        | Dan    | 0     |
      And Ana wins round 1 and takes a Favor token
      And the Favor tokens are Ana 1, Ben 0, Cleo 0, Dan 0
      And the game is not over
      And round 2 begins with a new deal of the Characters
      And each Character left comes next with probability 1/4

    @clause:MAHOLA-3.6
    Scenario: The highest score wins even below zero
      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal |
        | A    | Eagle | 2     | white  | Wolf   |
        | B    | Eagle | 1     | black  | Bear   |
        | C    | Eagle | 3     | white  | Wolf   |
        | D    | Eagle | 4     | white  | Wolf   |
      And Ana's tableau is A, card 30, card 31, card 32, card 33 from left to right
      And Ben's tableau is B, card 34, card 35, card 36, card 37 from left to right
      And Cleo's tableau is C, card 38, card 39, card 40, card 41 from left to right
      And Dan's tableau is D, card 42, card 43, card 26, card 27 from left to right
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Rain                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then the round's scores were:
        | player | total |
        | Ana    | -2    |
        | Ben    | -1    |
        | Cleo   | -3    |
        | Dan    | -4    |
      And Ben wins round 1 and takes a Favor token

  Rule: MAHOLA-5.1 Tied players compare their Special Dance cards: the most wins

    @clause:MAHOLA-5.1 @ruling:MAHOLA-R6
    Scenario: Ana and Ben score 4 each; Ana's Special Dance card wins her the round
      Given the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal | special |
        | S    | Horse   | 4     | orange | Bear   | yes     |
        | P    | Buffalo | 4     | white  | Wolf   | no      |
      And Ana's tableau is S, card 30, card 31, card 32, card 33 from left to right
      And Ben's tableau is P, card 34, card 35, card 36, card 37 from left to right
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Rain                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then the round's scores were:
        | player | total | special |
        | Ana    | 4     | 1       |
        | Ben    | 4     | 0       |
      And Ana wins round 1 and takes a Favor token

  Rule: MAHOLA-5.2 Still tied, the most matching secondary dances wins

    @clause:MAHOLA-5.2 @ruling:MAHOLA-R3
    Scenario: Equal scores and Special cards; Ana's two matching secondary dances win
      Ana's 4 is 2 for her Special card and 2 for the Hoop icons of K1 and K2 (cards worth 1,
      white, scoring nothing themselves on Ana's Bear); Ben's 4 is his Special card alone.

      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal | icons | special |
        | S1   | Horse | 2     | orange | Bear   | -     | yes     |
        | K1   | Eagle | 1     | white  | Bear   | Hoop  | no      |
        | K2   | Eagle | 1     | white  | Bear   | Hoop  | no      |
        | S2   | Horse | 4     | white  | Wolf   | -     | yes     |
      And Ana's tableau is S1, K1, K2, card 30, card 31 from left to right
      And Ben's tableau is S2, card 34, card 35, card 36, card 37 from left to right
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Rain                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then the round's scores were:
        | player | total | special | secondary | matching |
        | Ana    | 4     | 1       | 2         | 2        |
        | Ben    | 4     | 1       | 0         | 0        |
      And Ana wins round 1 and takes a Favor token

    @clause:MAHOLA-5.2 @ruling:MAHOLA-R3
    Scenario: The tie-break counts the matching secondary dances, not the points they add
      Ana's 4 is 1 for her Special card and 3 for three matching Hoop icons on cards worth
      1. Ben's 4 is two matching War icons on cards worth 2 (0 for his Special card): his
      icons add more points, but Ana has more matching secondary dances.

      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal | icons | special |
        | S1   | Horse | 1     | orange | Bear   | -     | yes     |
        | H1   | Eagle | 1     | white  | Bear   | Hoop  | no      |
        | H2   | Eagle | 1     | white  | Bear   | Hoop  | no      |
        | H3   | Eagle | 1     | white  | Bear   | Hoop  | no      |
        | S2   | Horse | 0     | white  | Wolf   | -     | yes     |
        | W1   | Eagle | 2     | black  | Wolf   | War   | no      |
        | W2   | Eagle | 2     | black  | Wolf   | War   | no      |
      And Ana's tableau is S1, H1, H2, H3, card 30 from left to right
      And Ben's tableau is S2, W1, W2, card 34, card 35 from left to right
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Rain                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then the round's scores were:
        | player | total | special | secondary | matching |
        | Ana    | 4     | 1       | 3         | 3        |
        | Ben    | 4     | 1       | 4         | 2        |
      And Ana wins round 1 and takes a Favor token

  Rule: MAHOLA-5.3 Still tied after both comparisons, nobody takes a Favor token

    @clause:MAHOLA-5.3 @ruling:MAHOLA-R10
    Scenario: A tie on score, Special cards and secondary dances gives no token
      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal | special |
        | S1   | Horse | 4     | orange | Bear   | yes     |
        | S2   | Horse | 4     | white  | Wolf   | yes     |
      And Ana's tableau is S1, card 30, card 31, card 32, card 33 from left to right
      And Ben's tableau is S2, card 34, card 35, card 36, card 37 from left to right
      And the Favor tokens are Ana 1, Ben 1, Cleo 0, Dan 0
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Rain                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then nobody takes a Favor token in round 3
      And the Favor tokens are Ana 1, Ben 1, Cleo 0, Dan 0
      And round 4 begins with a new deal of the Characters

    @clause:MAHOLA-5.3
    Scenario: A tie below the top score does not matter
      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal |
        | A    | Eagle | 5     | orange | Bear   |
        | B    | Eagle | 3     | white  | Wolf   |
        | C    | Eagle | 3     | black  | Snake  |
      And Ana's tableau is A, card 30, card 31, card 32, card 33 from left to right
      And Ben's tableau is B, card 34, card 35, card 36, card 37 from left to right
      And Cleo's tableau is C, card 38, card 39, card 40, card 41 from left to right
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Rain                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then Ana wins round 1 and takes a Favor token

  Rule: MAHOLA-6.1 The first player to hold three Favor tokens wins the game

    @clause:MAHOLA-6.1
    Scenario: A third Favor token ends the game
      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal |
        | A    | Eagle | 5     | orange | Bear   |
      And Ana's tableau is A, card 30, card 31, card 32, card 33 from left to right
      And the Favor tokens are Ana 2, Ben 2, Cleo 0, Dan 1
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Rain                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then Ana wins round 6 and takes a Favor token
      And the Favor tokens are Ana 3, Ben 2, Cleo 0, Dan 1
      And the game is over and Ana wins

    @clause:MAHOLA-6.1
    Scenario: A second Favor token does not end the game
      Given the Dance cards are, every other card being blank:
        | card | dance | value | colour | animal |
        | A    | Eagle | 5     | orange | Bear   |
      And Ana's tableau is A, card 30, card 31, card 32, card 33 from left to right
      And the Favor tokens are Ana 1, Ben 2, Cleo 2, Dan 0
      And the five turns are over and the Characters are about to act
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Rain                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then Ana wins round 6 and takes a Favor token
      And the game is not over
      And round 7 begins with a new deal of the Characters
