import Testing

@testable import StormrangeKit

@Suite struct DeleteCommandTests {
  @Test func deletesOneMeasurementAndRefusesNumbersThatAreNotThere() throws {
    let test = TestSession()
    test.runAll(["add 1", "add 2", "add 3", "delete 2"])
    #expect(try test.reloadedHistory().map(\.delay) == [1, 3])
    #expect(test.run("delete 3"))
    #expect(test.run("delete two"))
  }
}
