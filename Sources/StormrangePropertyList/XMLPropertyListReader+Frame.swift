/// An open `<array>` or `<dict>` on the reader's explicit stack.
extension XMLPropertyListReader {
  struct Frame {
    var isDictionary: Bool
    /// Offset of the `<` of the container's opening tag.
    var opening: Int
    /// Where the container's elements (or entries) start on `values` (or `entries`).
    var start: Int
    /// The key read last in a dictionary, waiting for its value.
    var pendingKey: String?
    /// Keys seen so far, once a dictionary is big enough that scanning its entries would be slow.
    var keyIndex: Set<String> = []
  }
}
