import FoundationEssentials
import ShellTestSupport
import StormrangeDomain
import Testing


@Suite struct SessionStopwatchTests {
  @Test func flashThenThunderTimesTheArrivalOfTheLines() throws {
    let test = TestSession()
    let flashWall = test.clock.moment.wall
    test.runAll(["flash"])
    test.clock.advance(3.25)
    test.runAll(["thunder"])
    let stored = try #require(try test.reloadedHistory().first)
    #expect(abs(stored.delay! - 3.25) < 1e-9)
    #expect(stored.date == Date(timeIntervalSince1970: flashWall.timeIntervalSince1970.rounded(.down)))
    #expect(test.output.text == "#1  1.12 km  (delay 3.25 s)\n")
  }

  @Test func bangIsThunder() throws {
    let test = TestSession()
    test.runAll(["flash"])
    test.clock.advance(1)
    test.runAll(["bang"])
    #expect(try test.reloadedHistory().map(\.delay) == [1])
  }

  @Test func thunderWithoutFlashFails() {
    let test = TestSession()
    #expect(test.run("thunder"))
    #expect(test.errors.text.contains("no flash"))
  }

  @Test func aStopwatchLeftRunningTooLongIsRejectedAndReset() throws {
    let test = TestSession()
    test.runAll(["flash"])
    test.clock.advance(400)
    #expect(test.run("thunder"))
    #expect(
      test.errors.text
        == "stormrange: line 1: delay 400.000 s is too long: thunder is rarely heard beyond about 25 km (75 s), and stormrange takes at most 300 s; type the seconds you counted\n"
    )
    #expect(test.session.flash == nil)
    #expect(try test.reloadedHistory().isEmpty)
  }
}

/// What a batch does with `flash` and `thunder` when their delay cannot be known.
@Suite struct SessionStopwatchUnknownDelayTests {
  @Test func aFlashAndThunderThatArrivedTogetherAreRefused() throws {
    let test = TestSession()
    test.runAll(["flash NE"])
    #expect(test.run("thunder"))  // the same moment: one read brought both lines
    #expect(
      test.errors.text
        == "stormrange: line 1: the flash and the thunder arrived together, so the delay between them is "
        + "unknown; nothing was recorded (pipe 'flash' and 'thunder' lines as they happen, or give a delay "
        + "you counted with 'add SECONDS')\n")
    #expect(test.session.flash == nil)
    #expect(try test.reloadedHistory().isEmpty)
  }

  @Test func aFlashLeftAtTheEndOfABatchIsWarnedAboutWithItsLine() throws {
    let test = TestSession()
    test.interpreter.execute(InputLine("flash", arrival: test.clock.now()), number: 3)
    test.interpreter.execute(InputLine("# no thunder came", arrival: test.clock.now()), number: 4)
    test.interpreter.endOfInput()
    #expect(
      test.errors.text
        == "stormrange: line 3: warning: the batch ended before this flash's thunder; nothing was recorded for it\n"
    )
    #expect(test.session.flash == nil)
    test.interpreter.endOfInput()  // once
    #expect(test.errors.text.split(separator: "\n").count == 1)
  }

  @Test func aOneShotFlashSaysItRecordsNothing() {
    let test = TestSession(mode: .oneShot)
    test.runAll(["flash"])
    test.interpreter.endOfInput()
    #expect(test.errors.text.hasPrefix("stormrange: warning: 'flash' alone records nothing"))
  }
}

/// A `flash` or `thunder` line that was already waiting when it was read (stormrange was busy) is
/// known to have arrived only within a window: a delay uncertain by more than
/// ``Session/maximumTimingUncertainty`` is refused, not recorded wrong.
@Suite struct SessionStopwatchWaitingLineTests {
  /// Runs `text` as a line that arrived now, or somewhere in the `waited` seconds before now.
  @discardableResult
  private func run(_ text: String, waited: Double = 0, in test: TestSession) -> Bool {
    let now = test.clock.now()
    let after = Moment(wall: now.wall.addingTimeInterval(-waited), monotonic: now.monotonic - waited)
    return test.interpreter.execute(InputLine(text, arrival: now, arrivedAfter: after), number: 2).failed
  }

  private func refusal(_ lines: String, within seconds: String) -> String {
    "stormrange: line 2: \(lines) already waiting while stormrange was busy, so the delay between them is "
      + "known only to within \(seconds) s; nothing was recorded (pipe 'flash' and 'thunder' lines as "
      + "they happen, or give a delay you counted with 'add SECONDS')\n"
  }

  @Test func aThunderThatWaitedWhileStormrangeWasBusyIsRefused() throws {
    let test = TestSession()
    run("flash", in: test)
    test.clock.advance(2.8)
    #expect(run("thunder", waited: 2.2, in: test))
    #expect(test.errors.text == refusal("the thunder's line was", within: "2.20"))
    #expect(test.session.flash == nil)
    #expect(try test.reloadedHistory().isEmpty)
  }

  @Test func aFlashThatWaitedIsRefusedAtItsThunder() throws {
    let test = TestSession()
    run("flash", waited: 1.5, in: test)
    test.clock.advance(0.5)
    #expect(run("thunder", in: test))
    #expect(test.errors.text == refusal("the flash's line was", within: "1.50"))
    #expect(try test.reloadedHistory().isEmpty)
  }

  @Test func theTwoWindowsAddUp() throws {
    let test = TestSession()
    run("flash", waited: 0.06, in: test)
    test.clock.advance(3)
    #expect(run("thunder", waited: 0.06, in: test))
    #expect(test.errors.text == refusal("the flash's and the thunder's lines were", within: "0.12"))
  }

  @Test func aDelayKnownToWithinTheBoundIsRecorded() throws {
    let test = TestSession()
    run("flash", waited: 0.04, in: test)
    test.clock.advance(3)
    #expect(!run("thunder", waited: Session.maximumTimingUncertainty - 0.04, in: test))
    #expect(try test.reloadedHistory().map(\.delay) == [3])
  }

  @Test func aTimedDelayUnderATenthOfASecondIsNotAThunderDelay() throws {
    let test = TestSession()
    run("flash", in: test)
    test.clock.advance(0.001)
    #expect(run("thunder", in: test))
    #expect(
      test.errors.text
        == "stormrange: line 2: a delay of 0.001 s is not a thunder delay: the shortest is 0.1 s\n")
    #expect(try test.reloadedHistory().isEmpty)
  }
}

@testable import StormrangeShell