fn main() {
    io::run(cephalopods::solve_input);
}
