//! Reading 5 million integers (about 50 MB) from memory: the `io` scanner against the plain
//! `split_ascii_whitespace().parse()` loop. Results and the command are in `benches/README.md`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

const COUNT: usize = 5_000_000;

/// 5 million integers in -999_999_999..=999_999_999, one to eight per line, from a fixed LCG.
fn input() -> Vec<u8> {
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut text = String::with_capacity(COUNT * 11);
    for i in 0..COUNT {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let value = (state >> 33) as i64 % 1_000_000_000 * if state & 1 == 0 { 1 } else { -1 };
        text.push_str(&value.to_string());
        text.push(if (state >> 20).is_multiple_of(8) || i % 8 == 7 { '\n' } else { ' ' });
    }
    text.into_bytes()
}

fn read_integers(c: &mut Criterion) {
    let data = input();
    let expected: i64 =
        std::str::from_utf8(&data).unwrap().split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap()).sum();
    let mut group = c.benchmark_group("read 5M integers");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8))
        .throughput(Throughput::Bytes(data.len() as u64));
    group.bench_function("io::Scanner::int", |b| {
        b.iter(|| {
            let mut scanner = io::Scanner::new(black_box(&data));
            let mut sum = 0i64;
            for _ in 0..COUNT {
                sum += scanner.int::<i64>("a value").unwrap();
            }
            assert_eq!(sum, expected);
            sum
        })
    });
    group.bench_function("split_ascii_whitespace + parse", |b| {
        b.iter(|| {
            let text = std::str::from_utf8(black_box(&data)).unwrap();
            let sum: i64 = text.split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap()).sum();
            assert_eq!(sum, expected);
            sum
        })
    });
    group.finish();
}

criterion_group!(benches, read_integers);
criterion_main!(benches);
