/// Whether a number is prime: greater than 1 and divisible only by 1 and itself.
///
/// ```swift
/// isPrime(7)  // true
/// isPrime(1)  // false
/// ```
///
/// Trial division by odd candidates up to the square root; every integer, negative ones
/// included, gets an answer.
public func isPrime(_ number: Int) -> Bool {
  guard number > 3 else { return number > 1 }
  guard number % 2 != 0, number % 3 != 0 else { return false }
  var divisor = 5
  while divisor <= number / divisor {
    if number % divisor == 0 || number % (divisor + 2) == 0 { return false }
    divisor += 6
  }
  return true
}
