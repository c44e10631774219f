@game:pig
Feature: Pig — a turn
  Roll as often as you like; a 1 loses the turn total; holding banks it.

  Rule: PIG-2.1 On a turn, roll the die as often as you like

    @clause:PIG-2.1
    Scenario: After each roll that is not a 1 the player chooses again
      Given a 2-player game of Pig
      And the game is set up
      When player 1 rolls a 3
      Then it is player 1's turn with a turn total of 3
      And player 1 can roll or hold
      When player 1 rolls a 4
      And player 1 rolls a 2
      Then it is player 1's turn with a turn total of 9
      And player 1 can roll or hold

    @clause:PIG-2.1
    Scenario: Only the player whose turn it is may roll
      Given a 2-player game of Pig
      And the game is set up
      Then player 2 can neither roll nor hold
      And player 1 can roll or hold

  Rule: PIG-2.2 A roll of 2 to 6 adds its face to the turn total

    @clause:PIG-2.2
    Scenario Outline: A <face> adds <face> to the turn total
      Given a 2-player game of Pig
      And the scores are 10 and 20
      And it is player 2's turn with a turn total of 8
      When player 2 rolls a <face>
      Then it is player 2's turn with a turn total of <total>
      And the scores are 10 and 20

      Examples:
        | face | total |
        | 2    | 10    |
        | 3    | 11    |
        | 4    | 12    |
        | 5    | 13    |
        | 6    | 14    |

  Rule: PIG-2.3 A roll of 1 loses the turn total and ends the turn

    @clause:PIG-2.3
    Scenario: A 1 loses the turn total, not the banked score
      Given a 2-player game of Pig
      And the scores are 30 and 20
      And it is player 1's turn with a turn total of 15
      When player 1 rolls a 1
      Then the scores are 30 and 20
      And it is player 2's turn with a turn total of 0

    @clause:PIG-2.3
    Scenario: A 1 on the first roll scores nothing
      Given a 2-player game of Pig
      And the game is set up
      When player 1 rolls a 1
      Then the scores are 0 and 0
      And it is player 2's turn with a turn total of 0

  Rule: PIG-2.4 Holding banks the turn total and ends the turn

    @clause:PIG-2.4
    Scenario: Holding adds the turn total to the score
      Given a 2-player game of Pig
      And the scores are 30 and 20
      And it is player 1's turn with a turn total of 15
      When player 1 holds
      Then the scores are 45 and 20
      And it is player 2's turn with a turn total of 0

    @clause:PIG-2.4
    Scenario: Rolling, rolling again, then holding
      Given a 2-player game of Pig
      And the game is set up
      When player 1 rolls 6, 5 and 4
      And player 1 holds
      Then the scores are 15 and 0

  Rule: PIG-3.1 Turns pass to the next player in seating order

    @clause:PIG-3.1
    Scenario: After the last player the first plays again
      Given a 3-player game of Pig
      And it is player 3's turn with a turn total of 4
      When player 3 holds
      Then it is player 1's turn with a turn total of 0

    @clause:PIG-3.1
    Scenario: Each player in turn, whether they hold or roll a 1
      Given a 3-player game of Pig
      And the game is set up
      When player 1 holds
      Then it is player 2's turn with a turn total of 0
      When player 2 rolls a 1
      Then it is player 3's turn with a turn total of 0
