/// A stack of values under construction, shared by all open containers of the XML reader: each
/// container's elements are the run above the point where it opened, and closing it moves that run
/// into an array of exactly its size.
///
/// Moving (rather than copying elements out of an `Array` and then emptying it) means no reference
/// counting of the moved values and no spare capacity in the ~100,000 small arrays of a large
/// history, which keeps both the time and the freshly touched memory of a parse down.
struct ElementStack<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int = 64) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  @inline(__always)
  mutating func push(_ element: consuming Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  private mutating func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Moves the elements above `start` into a new array, leaving `start` elements on the stack.
  mutating func popArray(from start: Int) -> [Element] {
    let start = min(max(start, 0), count)
    let length = count - start
    let source = base + start
    let array = [Element](unsafeUninitializedCapacity: length) { buffer, initialized in
      if let destination = buffer.baseAddress { destination.moveInitialize(from: source, count: length) }
      initialized = length
    }
    count = start
    return array
  }

  /// Calls `body` with the elements above `start` (valid only during the call).
  func withElements<Result>(from start: Int, _ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
    let start = min(max(start, 0), count)
    return body(UnsafeBufferPointer(start: base + start, count: count - start))
  }
}
