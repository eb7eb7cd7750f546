//! Reads puzzles from stdin and prints each one's number of solutions (see the `jigsaw` library).
fn main() {
    io::run(jigsaw::solve_input)
}
