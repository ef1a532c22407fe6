import Testing

@testable import StormrangeDomain
@testable import StormrangeShell

/// The kind `located` is a file's word, made only from a network's strikes: `add` and
/// `ingest --detector` offer, and take, only the kinds a person names.
@Suite struct DetectorKindCompletionTests {
  @Test func addAndIngestOfferOnlyAS3935AndGeneric() {
    #expect(AddCommand().completions(forArgument: 5, after: ["14", "km", "source", "porch", "detector"]) == ["as3935", "generic"])
    #expect(IngestCommand(runner: nil).completions(forArgument: 2, after: ["km", "--detector"]) == ["as3935", "generic"])
    #expect(DetectorKind(word: "located") == nil)
    #expect(DetectorKind(rawValue: "located") == .located)
  }
}
