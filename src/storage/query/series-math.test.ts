    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
v    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
y    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
M    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
j    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
R    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
-    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
j    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
S    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
Q    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
L    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
P    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
-    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
j    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
>    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
v    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
>    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
U    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
M    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
v    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
v    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
R    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
>    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
q    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
·    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
>    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
R    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
4    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
9    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
R    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
7    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
6    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
R    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
9    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
8    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
R    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
9    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
9    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
R    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
R    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
>    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
>    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
S    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
6    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
S    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
-    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
6    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
-    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
6    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
>    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
L    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
+    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
P    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
O    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
S    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
T    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
V    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
E    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
_    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
F    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
T    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
Y    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
L    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
L    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
3    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
L    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
L    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
z    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
>    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
P    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
_    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
_    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
_    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
_    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
6    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
_    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
_    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
E    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
q    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
U    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
v    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
w    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
P    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
_    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
q    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
'    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
>    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
=    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
P    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
O    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
S    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
T    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
V    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
E    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
_    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
F    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
I    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
T    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
Y    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
Q    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
Q    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
Q    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
N    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
R    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
k    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
;    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
-    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
v    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
Q    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
Q    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
-    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
-    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
/    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
O    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
-    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
-    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
v    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
b    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
x    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
h    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
s    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
g    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
m    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
Q    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
a    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
l    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
5    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
[    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
1    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
8    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
{    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
p    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
r    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
d    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
i    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
f    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
c    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
u    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
n    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
:    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
0    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
,    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
]    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
.    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
t    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
o    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
B    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
e    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
(    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
2    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
     // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
}    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
)    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)

    // Out-of-order cumulative counts are made monotonic (le=2 becomes 10) before searching.
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
