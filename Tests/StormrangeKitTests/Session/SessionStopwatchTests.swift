import FoundationEssentials
import StormrangeDomain
import Testing

@testable import StormrangeKit

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
        == "stormrange: line 1: delay 400.00 s is too long: thunder is not heard beyond 300 s (~100 km)\n")
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
