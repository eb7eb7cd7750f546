//! What the tuning examples share.

/// Weights from `LINEZ_W="w0,w1,w2,w3,w4,isolated,stranded,follow,point"` (defaults otherwise).
pub fn weights() -> linez::bot::Weights {
    let mut w = linez::bot::Weights::default();
    if let Ok(text) = std::env::var("LINEZ_W") {
        let v: Vec<i32> = text.split(',').map(|x| x.parse().expect("weight")).collect();
        w.window = [v[0], v[1], v[2], v[3], v[4], v[4]];
        w.isolated = v[5];
        w.stranded = v[6];
        w.follow_up_line = v[7];
        w.point = v[8];
        if v.len() > 9 {
            w.plan = [0, v[9], v[10], v[11], v[12], 0];
            w.plan_ways = v[13];
        }
        if v.len() > 14 {
            w.blocked_percent = v[14];
        }
        if v.len() > 15 {
            w.useful2 = v[15];
            w.useful3 = v[16];
        }
    }
    if let Ok(text) = std::env::var("LINEZ_R") {
        let v: Vec<usize> = text.split(',').map(|x| x.parse().expect("reply")).collect();
        w.reply_k = v[0];
        w.reply_samples = v[1];
        if v.len() > 2 {
            w.reply_from = v[2] as u32;
        }
    }
    if let Ok(text) = std::env::var("LINEZ_D") {
        w.dirty_plans = text.parse().expect("dirty");
    }
    w
}

/// The mean of `values` and two standard errors of it (0 for fewer than two values).
pub fn mean_and_error(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 2.0 * (var / n).sqrt())
}
