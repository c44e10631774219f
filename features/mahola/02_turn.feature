@game:mahola
Feature: Mahola — a turn: play, place, pass and draw
  Every player acts at once: each chooses a card face down and all are revealed together;
  each puts their card at one end of their tableau; each passes one card to each neighbour;
  then each draws one card. Cards named A1, B2 ... are blank cards the scenario only names.
  Rulebook section: Playing a Round.

  Background:
    Given a 4-player game of Mahola
    And the players, in seating order, are Ana, Ben, Cleo and Dan

  Rule: MAHOLA-3.1 Each player chooses a card of their hand face down; all the chosen cards are revealed at the same time

    @clause:MAHOLA-3.1 @ruling:MAHOLA-R14
    Scenario: Nobody sees another player's card before every player has chosen
      Given blank cards named A1 to A5, B1 to B5, C1 to C5 and D1 to D5
      And Ana's hand is A1, A2, A3, A4, A5
      And Ben's hand is B1, B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4, C5
      And Dan's hand is D1, D2, D3, D4, D5
      And turn 2 begins
      Then Ben sees how many cards Ana holds, not which
      And Ben sees no card revealed by Ana
      When the players choose at the same time:
        | player | plays |
        | Ana    | A3    |
        | Ben    | B1    |
        | Cleo   | C5    |
        | Dan    | D2    |
      Then Ben sees Ana's revealed card A3
      And Ana sees Ben's revealed card B1
      And Ben sees how many cards Ana holds, not which
      And next, every player places their revealed card

    @clause:MAHOLA-3.1
    Scenario: The chosen cards leave the hands and are all revealed together
      Given blank cards named A1 to A5, B1 to B5, C1 to C5 and D1 to D5
      And Ana's hand is A1, A2, A3, A4, A5
      And Ben's hand is B1, B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4, C5
      And Dan's hand is D1, D2, D3, D4, D5
      And turn 2 begins
      When the players choose at the same time:
        | player | plays |
        | Ana    | A3    |
        | Ben    | B1    |
        | Cleo   | C5    |
        | Dan    | D2    |
      Then Ana's hand is A1, A2, A4, A5
      And Ben's hand is B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4
      And Dan's hand is D1, D3, D4, D5
      And Ana sees Dan's revealed card D2
      And Dan sees Cleo's revealed card C5

    @clause:MAHOLA-3.1
    Scenario: A choice that leaves a player out is refused whole
      Given blank cards named A1 to A5, B1 to B5 and C1 to C5
      And Ana's hand is A1, A2, A3, A4, A5
      And Ben's hand is B1, B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4, C5
      And turn 2 begins
      When the players try to choose at the same time:
        | player | plays |
        | Ana    | A3    |
        | Ben    | B1    |
        | Cleo   | C5    |
      Then the request is refused with an error mentioning "a joint action needs one action for each of the 4 players, got 3"
      And the game state is unchanged

    @clause:MAHOLA-3.1
    Scenario: Two players cannot play the same card
      Ana asks to play a card of Ben's hand, which Ben plays too.

      Given blank cards named A1 to A5, B1 to B5, C1 to C5 and D1 to D5
      And Ana's hand is A1, A2, A3, A4, A5
      And Ben's hand is B1, B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4, C5
      And Dan's hand is D1, D2, D3, D4, D5
      And turn 2 begins
      When the players try to choose at the same time:
        | player | plays |
        | Ana    | B1    |
        | Ben    | B1    |
        | Cleo   | C5    |
        | Dan    | D2    |
      Then the request is refused with an error mentioning "a player plays a card from their own hand"
      And the game state is unchanged
      And Ben's hand is B1, B2, B3, B4, B5

    @clause:MAHOLA-3.1
    Scenario: A card of the draw pile cannot be played
      Given blank cards named A1 to A5, B1 to B5, C1 to C5, D1 to D5 and P
      And Ana's hand is A1, A2, A3, A4, A5
      And Ben's hand is B1, B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4, C5
      And Dan's hand is D1, D2, D3, D4, D5
      And turn 3 begins
      Then Ana may play A1, A2, A3, A4 and A5
      When the players try to choose at the same time:
        | player | plays |
        | Ana    | P     |
        | Ben    | B1    |
        | Cleo   | C5    |
        | Dan    | D2    |
      Then the request is refused with an error mentioning "card 20 is not in player 0's hand"
      And the game state is unchanged

    @clause:MAHOLA-3.1 @ruling:MAHOLA-R7
    Scenario: On the first turn the revealed card starts the tableau
      Given blank cards named A1 to A5, B1 to B5, C1 to C5 and D1 to D5
      And Ana's hand is A1, A2, A3, A4, A5
      And Ben's hand is B1, B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4, C5
      And Dan's hand is D1, D2, D3, D4, D5
      And turn 1 begins
      When the players choose at the same time:
        | player | plays |
        | Ana    | A1    |
        | Ben    | B2    |
        | Cleo   | C3    |
        | Dan    | D4    |
      Then Ana's tableau is A1 from left to right
      And Dan's tableau is D4 from left to right
      And next, every player passes two cards

  Rule: MAHOLA-3.2 A card goes at either end of the tableau, never between two cards already placed

    @clause:MAHOLA-3.2 @example
    Scenario: The rulebook's picture: a card may go at A, at either end, but not at B, between two cards
      Rulebook, Playing a Round: a picture marks the two ends of a tableau "A – may play a
      card here" and the gap between two placed cards "B – may NOT play a card here".

      Given blank cards named T1, T2 and N
      And Ana's tableau is T1, T2 from left to right
      And Ana has revealed N
      And the players are about to place their revealed cards on turn 3
      Then Ana's choices are place at the left end, place at the right end
      When the players try to choose at the same time:
        | player | places at  |
        | Ana    | position 2 |
        | Ben    | left       |
        | Cleo   | left       |
        | Dan    | left       |
      Then the request is refused with an error mentioning "a Dance card goes at either end of the tableau, never between two cards"
      And the game state is unchanged

    @clause:MAHOLA-3.2 @ruling:MAHOLA-R7
    Scenario Outline: A card placed at the <end> end
      Given blank cards named T1, T2, T3 and N
      And Ana's tableau is T1, T2, T3 from left to right
      And Ana has revealed N
      And the players are about to place their revealed cards on turn 4
      When the players choose at the same time:
        | player | places at |
        | Ana    | <end>     |
        | Ben    | left      |
        | Cleo   | right     |
        | Dan    | left      |
      Then Ana's tableau is <tableau> from left to right
      And every tableau holds 4 cards
      And next, every player passes two cards

      Examples:
        | end   | tableau         |
        | left  | N, T1, T2, T3   |
        | right | T1, T2, T3, N   |

  Rule: MAHOLA-3.3 Each player passes one card to the left and one to the right, both chosen before any card is received

    @clause:MAHOLA-3.3 @ruling:MAHOLA-R8
    Scenario: Passing with four players
      The left neighbour is the next player in seating order: Ben is on Ana's left and Dan
      on her right.

      Given blank cards named A1 to A4, B1 to B4, C1 to C4 and D1 to D4
      And Ana's hand is A1, A2, A3, A4
      And Ben's hand is B1, B2, B3, B4
      And Cleo's hand is C1, C2, C3, C4
      And Dan's hand is D1, D2, D3, D4
      And the players are about to pass cards on turn 1
      When the players choose at the same time:
        | player | passes left | passes right |
        | Ana    | A1          | A2           |
        | Ben    | B1          | B2           |
        | Cleo   | C1          | C2           |
        | Dan    | D1          | D2           |
      Then Ana's hand is A3, A4, B2, D1
      And Ben's hand is B3, B4, A1, C2
      And Cleo's hand is C3, C4, B1, D2
      And Dan's hand is D3, D4, C1, A2
      And next, the players draw

    @clause:MAHOLA-3.3 @ruling:MAHOLA-R8
    Scenario: Any two cards of the hand may be passed, one to each side
      A1 to A4 are cards 0 to 3: Ana chooses any one for her left neighbour and any other for
      her right neighbour.

      Given blank cards named A1 to A4, B1 to B4, C1 to C4 and D1 to D4
      And Ana's hand is A1, A2, A3, A4
      And Ben's hand is B1, B2, B3, B4
      And Cleo's hand is C1, C2, C3, C4
      And Dan's hand is D1, D2, D3, D4
      And the players are about to pass cards on turn 1
      Then Ana has 12 choices
      And Ana's choices include "pass card 3 left and card 2 right"
      And Ana's choices include "pass card 1 left and card 0 right"

    @clause:MAHOLA-3.3 @ruling:MAHOLA-R8
    Scenario: Passing with three players
      Given a 3-player game of Mahola
      And the players, in seating order, are Ana, Ben and Cleo
      And blank cards named A1 to A4, B1 to B4 and C1 to C4
      And Ana's hand is A1, A2, A3, A4
      And Ben's hand is B1, B2, B3, B4
      And Cleo's hand is C1, C2, C3, C4
      And the players are about to pass cards on turn 2
      When the players choose at the same time:
        | player | passes left | passes right |
        | Ana    | A1          | A2           |
        | Ben    | B1          | B2           |
        | Cleo   | C1          | C2           |
      Then Ana's hand is A3, A4, B2, C1
      And Ben's hand is B3, B4, A1, C2
      And Cleo's hand is C3, C4, A2, B1

    @clause:MAHOLA-3.3
    Scenario: A card being passed to a player cannot be passed on in the same turn
      Ben passes B2 to his right, to Ana; Ana chooses before she receives it.

      Given blank cards named A1 to A4, B1 to B4, C1 to C4 and D1 to D4
      And Ana's hand is A1, A2, A3, A4
      And Ben's hand is B1, B2, B3, B4
      And Cleo's hand is C1, C2, C3, C4
      And Dan's hand is D1, D2, D3, D4
      And the players are about to pass cards on turn 1
      When the players try to choose at the same time:
        | player | passes left | passes right |
        | Ana    | A1          | B2           |
        | Ben    | B1          | B2           |
        | Cleo   | C1          | C2           |
        | Dan    | D1          | D2           |
      Then the request is refused with an error mentioning "cards are passed from the hand before anything is received"
      And the game state is unchanged

    @clause:MAHOLA-3.3
    Scenario: One card cannot go both ways
      Given blank cards named A1 to A4, B1 to B4, C1 to C4 and D1 to D4
      And Ana's hand is A1, A2, A3, A4
      And Ben's hand is B1, B2, B3, B4
      And Cleo's hand is C1, C2, C3, C4
      And Dan's hand is D1, D2, D3, D4
      And the players are about to pass cards on turn 1
      When the players try to choose at the same time:
        | player | passes left | passes right |
        | Ana    | A1          | A1           |
        | Ben    | B1          | B2           |
        | Cleo   | C1          | C2           |
        | Dan    | D1          | D2           |
      Then the request is refused with an error mentioning "one card goes left and another goes right"
      And the game state is unchanged

  Rule: MAHOLA-3.4 Each player then draws one card, which ends the turn with five cards in hand again

    @clause:MAHOLA-3.4 @clause:MAHOLA-3.3
    Scenario: Over a turn a hand goes from 5 to 4, to 2 kept and 2 received, and back to 5
      Ana plays A5 (4 left), passes A1 and A2 (2 left), receives B2 and D1 (4) and draws
      E1 (5).

      Given blank cards named A1 to A5, B1 to B5, C1 to C5, D1 to D5 and E1 to E4
      And Ana's hand is A1, A2, A3, A4, A5
      And Ben's hand is B1, B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4, C5
      And Dan's hand is D1, D2, D3, D4, D5
      And turn 2 begins
      Then every hand holds 5 cards
      When the players choose at the same time:
        | player | plays |
        | Ana    | A5    |
        | Ben    | B5    |
        | Cleo   | C5    |
        | Dan    | D5    |
      Then every hand holds 4 cards
      When the players choose at the same time:
        | player | places at |
        | Ana    | right     |
        | Ben    | right     |
        | Cleo   | left      |
        | Dan    | left      |
      And the players choose at the same time:
        | player | passes left | passes right |
        | Ana    | A1          | A2           |
        | Ben    | B1          | B2           |
        | Cleo   | C1          | C2           |
        | Dan    | D1          | D2           |
      Then Ana's hand is A3, A4, B2, D1
      And every hand holds 4 cards
      When the players draw E1, E2, E3 and E4 in turn
      Then Ana's hand is A3, A4, B2, D1, E1
      And Dan's hand is D3, D4, C1, A2, E4
      And every hand holds 5 cards
      And every tableau holds 2 cards
      And it is turn 3 of round 1
      And next, every player chooses a card to play

    @clause:MAHOLA-3.4 @ruling:MAHOLA-R12
    Scenario: Every card of the draw pile is equally likely to be drawn
      Twenty cards are in hands and tableaux after the passes of turn 1; 24 remain.

      Given blank cards named A1 to A4, B1 to B4, C1 to C4, D1 to D4 and E1
      And Ana's hand is A1, A2, A3, A4
      And Ben's hand is B1, B2, B3, B4
      And Cleo's hand is C1, C2, C3, C4
      And Dan's hand is D1, D2, D3, D4
      And the players are about to pass cards on turn 1
      When the players choose at the same time:
        | player | passes left | passes right |
        | Ana    | A1          | A2           |
        | Ben    | B1          | B2           |
        | Cleo   | C1          | C2           |
        | Dan    | D1          | D2           |
      Then the draw pile holds 24 cards
      And each card of the draw pile comes next with probability 1/24
      When the players draw E1 in turn
      Then each card of the draw pile comes next with probability 1/23

    @clause:MAHOLA-3.4
    Scenario: A card in a hand cannot be drawn
      Given blank cards named A1 to A4, B1 to B4, C1 to C4 and D1 to D4
      And Ana's hand is A1, A2, A3, A4
      And Ben's hand is B1, B2, B3, B4
      And Cleo's hand is C1, C2, C3, C4
      And Dan's hand is D1, D2, D3, D4
      And the players are about to pass cards on turn 1
      When the players choose at the same time:
        | player | passes left | passes right |
        | Ana    | A1          | A2           |
        | Ben    | B1          | B2           |
        | Cleo   | C1          | C2           |
        | Dan    | D1          | D2           |
      And A3 is forced as the next card drawn
      Then the request is refused with an error mentioning "forced outcome 'draw card 2' cannot happen"
      And Ana's hand is A3, A4, B2, D1
      And the game state is unchanged

  Rule: MAHOLA-3.5 After five turns the Characters are revealed and each acts on its own player's tableau

    @clause:MAHOLA-3.5 @ruling:MAHOLA-R8
    Scenario: The fifth turn ends with passes and draws, then the Characters are revealed
      Given blank cards named A1 to A5, B1 to B5, C1 to C5, D1 to D5 and E1 to E4
      And Ana's hand is A1, A2, A3, A4, A5
      And Ben's hand is B1, B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4, C5
      And Dan's hand is D1, D2, D3, D4, D5
      And Ana is the Maiden
      And Ben is the Hunter
      And turn 5 begins
      Then Ben does not see Ana's Character
      When the players choose at the same time:
        | player | plays |
        | Ana    | A5    |
        | Ben    | B5    |
        | Cleo   | C5    |
        | Dan    | D5    |
      And the players choose at the same time:
        | player | places at |
        | Ana    | left      |
        | Ben    | left      |
        | Cleo   | left      |
        | Dan    | left      |
      And the players choose at the same time:
        | player | passes left | passes right |
        | Ana    | A1          | A2           |
        | Ben    | B1          | B2           |
        | Cleo   | C1          | C2           |
        | Dan    | D1          | D2           |
      And the players draw E1, E2, E3 and E4 in turn
      Then every tableau holds 5 cards
      And every hand holds 5 cards
      And next, the Hunter draws
      And Ben sees Ana's Character, the Maiden
      And Ana sees Ben's Character, the Hunter

    @clause:MAHOLA-3.5 @ruling:MAHOLA-R8 @ruling:MAHOLA-R13
    Scenario: With three players the Hunter, when dealt, still draws at the end of the fifth turn
      Rulebook, Playing a Round: "At the end of the fifth turn, players reveal their Character
      cards and adjust their dance tableau according to the ability described on their
      Character card." The Hunter's ability starts with a draw, with three players as with four.

      Given a 3-player game of Mahola
      And the players, in seating order, are Ana, Ben and Cleo
      And blank cards named A1 to A5, B1 to B5, C1 to C5 and E1 to E4
      And Ana's hand is A1, A2, A3, A4, A5
      And Ben's hand is B1, B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4, C5
      And Ana is the Chief
      And Ben is the Hunter
      And Cleo is the Shaman
      And turn 5 begins
      When the players choose at the same time:
        | player | plays |
        | Ana    | A5    |
        | Ben    | B5    |
        | Cleo   | C5    |
      And the players choose at the same time:
        | player | places at |
        | Ana    | right     |
        | Ben    | right     |
        | Cleo   | right     |
      And the players choose at the same time:
        | player | passes left | passes right |
        | Ana    | A1          | A2           |
        | Ben    | B1          | B2           |
        | Cleo   | C1          | C2           |
      And the players draw E1, E2 and E3 in turn
      Then next, the Hunter draws
      And Cleo sees Ben's Character, the Hunter

    @clause:MAHOLA-3.5 @ruling:MAHOLA-R13
    Scenario: With three players and no Hunter, the Characters act straight after the fifth turn
      Given a 3-player game of Mahola
      And the players, in seating order, are Ana, Ben and Cleo
      And blank cards named A1 to A5, B1 to B5, C1 to C5 and E1 to E3
      And Ana's hand is A1, A2, A3, A4, A5
      And Ben's hand is B1, B2, B3, B4, B5
      And Cleo's hand is C1, C2, C3, C4, C5
      And Ana is the Chief
      And Ben is the Maiden
      And Cleo is the Shaman
      And turn 5 begins
      When the players choose at the same time:
        | player | plays |
        | Ana    | A5    |
        | Ben    | B5    |
        | Cleo   | C5    |
      And the players choose at the same time:
        | player | places at |
        | Ana    | right     |
        | Ben    | right     |
        | Cleo   | right     |
      And the players choose at the same time:
        | player | passes left | passes right |
        | Ana    | A1          | A2           |
        | Ben    | B1          | B2           |
        | Cleo   | C1          | C2           |
      And the players draw E1, E2 and E3 in turn
      Then next, the Characters act
      And the Hunter stays out of the round
      And Cleo sees Ana's Character, the Chief
