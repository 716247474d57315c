fn main() {
    println!("skirmish");
}
