//! The CodinGame Cephalopods solver: the depth line and three board rows in, the hash sum out.
//!
//! CodinGame sends the four lines and waits for the answer without closing standard input, so the
//! solver reads exactly those lines ([`io::run_lines`]) and answers at once. Its clock starts at
//! that read, so the memory the enumeration will use is mapped first ([`cephalopods::prepare_memory`]).
fn main() {
    cephalopods::prepare_memory();
    io::run_lines(4, cephalopods::solve_input);
}
