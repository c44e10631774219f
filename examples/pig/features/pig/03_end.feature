@game:pig
Feature: Pig — the end
  The first player to reach 100 points wins.

  Rule: PIG-4.1 The first player to reach 100 points wins, and the game ends

    @clause:PIG-4.1
    Scenario: Holding on exactly 100 wins
      Given a 2-player game of Pig
      And the scores are 90 and 95
      And it is player 1's turn with a turn total of 10
      When player 1 holds
      Then player 1 wins
      And the game is over

    @clause:PIG-4.1
    Scenario: Holding past 100 wins too
      Given a 2-player game of Pig
      And the scores are 97 and 50
      And it is player 1's turn with a turn total of 0
      When player 1 rolls a 6
      And player 1 holds
      Then the scores are 103 and 50
      And player 1 wins

    @clause:PIG-4.1
    Scenario: Banking 99 does not end the game
      Given a 2-player game of Pig
      And the scores are 90 and 95
      And it is player 1's turn with a turn total of 9
      When player 1 holds
      Then the game is not over
      And it is player 2's turn with a turn total of 0

    @clause:PIG-4.1
    Scenario: The target is a parameter
      Given a 2-player game of Pig to 20 points
      And the game is set up
      When player 1 rolls 6, 6 and 6
      And player 1 rolls a 2
      Then player 1 can only hold
      When player 1 holds
      Then player 1 wins

  Rule: PIG-4.2 A turn that reaches 100 can only hold

    @clause:PIG-4.2 @ruling:PIG-R1
    Scenario: A turn total that reaches 100 leaves only holding
      Given a 2-player game of Pig
      And the scores are 88 and 95
      And it is player 1's turn with a turn total of 8
      When player 1 rolls a 4
      Then player 1 can only hold
      When player 1 tries to roll
      Then the request is refused with an error mentioning "can only hold"
      And the game state is unchanged

    @clause:PIG-4.2 @ruling:PIG-R1
    Scenario: One short of 100 the player may still roll
      Given a 2-player game of Pig
      And the scores are 88 and 95
      And it is player 1's turn with a turn total of 8
      When player 1 rolls a 3
      Then player 1 can roll or hold
