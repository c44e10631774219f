@game:mahola
Feature: Mahola — components, setup and players
  Three or four players each build a dance of five Dance cards per round; the best dance
  wins a Favor token, and three tokens win the game. The rulebook prints no card data, so
  a scenario that depends on a card's value, colour, spirit animal or icons describes that
  card itself (with a label such as P), and every card it does not describe is blank: a
  Buffalo Dance of value 0 with no icons, worth nothing. Cards named "card N" are such
  blank cards, numbered as the engine numbers them (0 to 43).
  Rulebook sections: Components, Setup.

  Rule: MAHOLA-1.1 The game has 4 Character cards, 44 Dance cards and 9 Favor tokens

    @clause:MAHOLA-1.1
    Scenario: A round deals from all 4 Characters and all 44 Dance cards
      Given a 4-player game of Mahola
      And the game is set up
      Then next, the Characters are dealt
      And each Character left comes next with probability 1/4
      When the Characters are dealt in order: Chief, Hunter, Maiden, Shaman
      Then next, the Dance cards are dealt
      And each card of the draw pile comes next with probability 1/44

    @clause:MAHOLA-1.1
    Scenario: There is no 45th Dance card
      Given a 4-player game of Mahola
      And the game is set up
      When the Characters are dealt in order: Chief, Hunter, Maiden, Shaman
      And card 44 is forced as the next card dealt
      Then the request is refused with an error mentioning "forced outcome 'deal card 44' cannot happen"
      And the game state is unchanged

    @clause:MAHOLA-1.1 @clause:MAHOLA-6.1
    Scenario: The nine Favor tokens never run out
      With four players, the most tokens handed out before someone holds three is 2 + 2 +
      2 + 2 = 8; the round that gives a player a third token uses the ninth.

      Given a 4-player game of Mahola
      And the players, in seating order, are Ana, Ben, Cleo and Dan
      And the Characters are:
        | character | colour | animal |
        | Chief     | orange | Bear   |
        | Hunter    | white  | Wolf   |
        | Maiden    | black  | Snake  |
        | Shaman    | purple | Raven  |
      And the Dance cards are, every other card being blank:
        | card | dance   | value | colour | animal |
        | P    | Buffalo | 4     | purple | Raven  |
      And the Favor tokens are Ana 2, Ben 2, Cleo 2, Dan 2
      And Dan is the Shaman
      And the five turns are over and the Characters are about to act
      And Dan's tableau is P, card 40, card 41, card 42, card 43 from left to right
      When the players choose at the same time:
        | player | ability                     |
        | Ana    | names Rain                  |
        | Ben    | leaves the tableau as it is |
        | Cleo   | leaves the tableau as it is |
        | Dan    | leaves the tableau as it is |
      Then Dan wins round 9 and takes a Favor token
      And the Favor tokens are Ana 2, Ben 2, Cleo 2, Dan 3
      And the game is over and Dan wins

  Rule: MAHOLA-2.1 The Characters are shuffled and one is dealt face down to each player, who keeps it secret

    @clause:MAHOLA-2.1 @ruling:MAHOLA-R12
    Scenario: Each player receives one Character, in seating order
      Given a 4-player game of Mahola
      And the players, in seating order, are Ana, Ben, Cleo and Dan
      And the game is set up
      When the Characters are dealt in order: Maiden, Chief
      Then Ana holds the Maiden
      And Ben holds the Chief
      And each Character left comes next with probability 1/2
      When the Characters are dealt in order: Shaman, Hunter
      Then Cleo holds the Shaman
      And Dan holds the Hunter

    @clause:MAHOLA-2.1
    Scenario: No Character is dealt twice
      Given a 4-player game of Mahola
      And the game is set up
      When the Characters are dealt in order: Chief
      And the Chief is forced as the next Character dealt
      Then the request is refused with an error mentioning "forced outcome 'deal the Chief' cannot happen"
      And the game state is unchanged

    @clause:MAHOLA-2.1 @ruling:MAHOLA-R14
    Scenario: A player sees their own Character and not the others'
      Given a 4-player game of Mahola
      And the players, in seating order, are Ana, Ben, Cleo and Dan
      And Ana is the Hunter
      And turn 1 begins
      Then Ana sees Ana's Character, the Hunter
      And Ben does not see Ana's Character
      And Ana does not see Ben's Character

  Rule: MAHOLA-2.2 The Dance cards are shuffled and five are dealt to each player; the rest form the draw pile

    @clause:MAHOLA-2.2 @ruling:MAHOLA-R12
    Scenario: Five cards each, dealt one at a time round the table
      Given a 4-player game of Mahola
      And the players, in seating order, are Ana, Ben, Cleo and Dan
      And the game is set up
      When the Characters are dealt in order: Chief, Hunter, Maiden, Shaman
      And the Dance cards are dealt one at a time round the table:
        | player | cards                                |
        | Ana    | card 0, card 4, card 8, card 12, card 16  |
        | Ben    | card 1, card 5, card 9, card 13, card 17  |
        | Cleo   | card 2, card 6, card 10, card 14, card 18 |
        | Dan    | card 3, card 7, card 11, card 15, card 19 |
      Then Ana's hand is card 0, card 4, card 8, card 12, card 16
      And every hand holds 5 cards
      And the draw pile holds 24 cards
      And next, every player chooses a card to play
      And it is turn 1 of round 1

    @clause:MAHOLA-2.2
    Scenario Outline: With <players> players the draw pile starts with <pile> cards
      Given a <players>-player game of Mahola
      And turn 1 begins
      Then every hand holds 5 cards
      And the draw pile holds <pile> cards

      Examples:
        | players | pile |
        | 3       | 29   |
        | 4       | 24   |

    @clause:MAHOLA-2.2 @ruling:MAHOLA-R14
    Scenario: A hand is seen by its owner only
      Given a 4-player game of Mahola
      And the players, in seating order, are Ana, Ben, Cleo and Dan
      And Ana's hand is card 30, card 31, card 32, card 33, card 34
      And turn 1 begins
      Then Ana sees card 30, card 31, card 32, card 33, card 34 in Ana's hand
      And Ben sees how many cards Ana holds, not which
      And Ben does not see "draw pile: 24 cards ("

  Rule: MAHOLA-2.3 Mahola is played by three or four players

    @clause:MAHOLA-2.3 @ruling:MAHOLA-R13
    Scenario Outline: A game for <players> players is refused
      When a <players>-player game of Mahola is requested
      Then the request is refused with an error mentioning "played by 3 to 4 players, not <players>"

      Examples:
        | players |
        | 2       |
        | 5       |

    @clause:MAHOLA-2.3 @ruling:MAHOLA-R13
    Scenario: With three players one Character stays out of the round
      Given a 3-player game of Mahola
      And the players, in seating order, are Ana, Ben and Cleo
      And the game is set up
      When the Characters are dealt in order: Shaman, Chief, Hunter
      Then next, the Dance cards are dealt
      And Cleo holds the Hunter
      And the Maiden stays out of the round
      And each card of the draw pile comes next with probability 1/44
