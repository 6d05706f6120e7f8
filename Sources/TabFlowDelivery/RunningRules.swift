/// The rules running now, enough to load them again: the bundled script (release 0) or a package.
struct RunningRules {
  let release: Int
  let source: String
  let chunk: String
}
