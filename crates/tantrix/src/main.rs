//! Reads Tantrix positions on stdin and prints the number of legal moves of each (Kattis `tantrix`).
fn main() {
    io::run(tantrix::solve_input)
}
