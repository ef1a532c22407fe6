/// Why bytes could not be read as a property list. `message` is one line for a person.
package struct PropertyListError: Error, Equatable, Sendable {
  package var message: String
  package init(_ message: String) { self.message = message }
}
