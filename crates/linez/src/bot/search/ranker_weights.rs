//! The move ranker's weights (a feature each, in its own units), written by `linez-tune rank --folds 5 --lambda 1 --write FILE LABELS`
//! from 3031 labelled positions (the label files in crates/linez-tools/data/). Do not edit.

/// The weights of the move ranker's features, in their order.
pub(crate) const RANKER_WEIGHTS: super::RankerWeights = [
    0.00320398958807515, // value
    -1.1079383633635307, // ln_rank
    0.005953509105676281, // distance
    -0.3257527826635265, // regions
    -0.03737158042292829, // largest
    0.07299081406130202, // open0
    0.006605290695833745, // open1
    0.053883491217865905, // open2
    -0.1554059847386414, // open3
    1.432154619660736, // open4
    0.0, // open5
    0.0, // blocked0
    -0.007496121250010346, // blocked1
    0.05352680947570429, // blocked2
    -0.5400683750638903, // blocked3
    0.6132144914692861, // blocked4
    0.0, // blocked5
    0.0, // plan0
    -0.22401223057953681, // plan1
    -0.14828132725009377, // plan2
    0.09924029967537033, // plan3
    0.05181696145522985, // plan4
    0.3998201420626856, // plan5
    -0.17032243379285544, // plan_ways
    -0.11097780424039816, // useful2
    -0.006278687269581595, // useful3
    0.3671859681242167, // isolated
    0.03737158042293518, // stranded
    -0.19918448476982703, // ready
    0.02800137913987163, // best_quiet
];
