/// A small dense square matrix (the normal equations of a fit with two to four parameters).
struct SquareMatrix: Equatable, Sendable {
  let size: Int
  /// Row-major elements.
  var elements: [Double]

  init(size: Int) {
    self.size = size
    elements = Array(repeating: 0, count: size * size)
  }

  subscript(row: Int, column: Int) -> Double {
    get { elements[row * size + column] }
    set { elements[row * size + column] = newValue }
  }

  /// The inverse by Gauss–Jordan elimination with partial pivoting, or nil when the matrix is
  /// singular or not finite (a parameter the data do not determine).
  func inverse() -> SquareMatrix? {
    var left = self
    var right = SquareMatrix(size: size)
    for index in 0..<size { right[index, index] = 1 }
    let scale = elements.map(abs).max() ?? 0
    guard scale > 0, scale.isFinite else { return nil }
    for column in 0..<size {
      let pivot = (column..<size).max { abs(left[$0, column]) < abs(left[$1, column]) } ?? column
      guard abs(left[pivot, column]) > scale * 1e-13 else { return nil }
      if pivot != column {
        for other in 0..<size {
          left.elements.swapAt(pivot * size + other, column * size + other)
          right.elements.swapAt(pivot * size + other, column * size + other)
        }
      }
      let divisor = left[column, column]
      for other in 0..<size {
        left[column, other] /= divisor
        right[column, other] /= divisor
      }
      for row in 0..<size where row != column {
        let factor = left[row, column]
        guard factor != 0 else { continue }
        for other in 0..<size {
          left[row, other] -= factor * left[column, other]
          right[row, other] -= factor * right[column, other]
        }
      }
    }
    return right.elements.allSatisfy(\.isFinite) ? right : nil
  }

  /// The product with a vector.
  func times(_ vector: [Double]) -> [Double] {
    (0..<size).map { row in (0..<size).reduce(0) { $0 + self[row, $1] * vector[$1] } }
  }

  /// `gradientᵀ · self · gradient`: the variance of a function of the parameters whose gradient is
  /// `gradient`, when `self` is the parameters' covariance (the delta method).
  func quadraticForm(_ gradient: [Double]) -> Double {
    zip(gradient, times(gradient)).reduce(0) { $0 + $1.0 * $1.1 }
  }
}
