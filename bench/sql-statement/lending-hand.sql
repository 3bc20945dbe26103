-- Lending's Parquet → Parquet statement written by hand (bench/sql-statement.ts variant; SOURCE is the
-- typed Parquet file, TARGET the output): the same columns, rows and values as the engine's statement on
-- the bench's typed file (every number column INTEGER, its digits those the file's statistics give: credit
-- score 3, annual income 6, monthly debt 4, loan amount 6), the same JS fallback for a row SQL leaves. Its
-- arithmetic in BIGINT from the INTEGER columns as they are, roundings without sign handling (numerators
-- not negative on a scored row), each rule number tested as a number, no gate on the outputs.
COPY (SELECT line AS "row",
  CASE WHEN parts IS NULL THEN idj ELSE NULLIF(parts[1], '') END AS "id",
  CASE WHEN parts IS NULL THEN CAST(mpc AS DOUBLE) / 100.0 ELSE CAST(NULLIF(NULLIF(parts[2], ''), 'null') AS DOUBLE) END AS "monthly payment",
  CASE WHEN parts IS NULL THEN CAST(edti AS DOUBLE) / 10000.0 ELSE CAST(NULLIF(NULLIF(parts[3], ''), 'null') AS DOUBLE) END AS "existing dti",
  CASE WHEN parts IS NULL THEN CAST(ndti AS DOUBLE) / 10000.0 ELSE CAST(NULLIF(NULLIF(parts[4], ''), 'null') AS DOUBLE) END AS "new dti",
  CASE WHEN parts IS NULL THEN CAST(dti AS DOUBLE) / 10000.0 ELSE CAST(NULLIF(NULLIF(parts[5], ''), 'null') AS DOUBLE) END AS "debt to income",
  CASE WHEN parts IS NULL THEN (['low', 'medium', 'medium', 'high'])[rr] ELSE json_extract_string(NULLIF(NULLIF(parts[6], ''), 'null'), '$') END AS "risk",
  CASE WHEN parts IS NULL THEN ([FALSE, FALSE, TRUE, TRUE, FALSE])[ar] ELSE (NULLIF(NULLIF(parts[7], ''), 'null') = 'true') END AS "approved",
  CASE WHEN parts IS NULL THEN ([6.5, 9.25, 14.75]::DOUBLE[])[br] ELSE CAST(NULLIF(NULLIF(parts[8], ''), 'null') AS DOUBLE) END AS "base rate",
  CASE WHEN parts IS NULL THEN CAST(ratec AS DOUBLE) / 100.0 ELSE CAST(NULLIF(NULLIF(parts[9], ''), 'null') AS DOUBLE) END AS "rate",
  CASE WHEN parts IS NULL THEN NULL ELSE CAST(from_json(NULLIF(parts[10], ''), '{"code":"VARCHAR","message":"VARCHAR","errors":[{"address":"VARCHAR","code":"VARCHAR","message":"VARCHAR"}]}') AS STRUCT(code VARCHAR, message VARCHAR, errors STRUCT(address VARCHAR, code VARCHAR, message VARCHAR)[])) END AS "error"
FROM (SELECT *, CASE WHEN scored AND NOT contains(coalesce(idj, ''), '\u00') THEN NULL ELSE string_split(pdm_row(line, [CAST(cs AS VARCHAR), CAST(ai AS VARCHAR), CAST(md AS VARCHAR), CAST(la AS VARCHAR), emp, id]::VARCHAR[]), chr(0)) END AS parts,
  (rq + CAST(rr2 > 100 OR (rr2 = 100 AND rq % 2 = 1) AS BIGINT)) AS ratec
FROM (SELECT *, rn // 100 AS rq, 2 * (rn - (rn // 100) * 100) AS rr2
FROM (SELECT *, CASE WHEN rr = 1 THEN 65000 WHEN rr = 4 THEN 147500 ELSE 92500 END + dti * 2 + CASE WHEN emp = 'contractor' THEN 3500 ELSE 0 END AS rn,
  CASE WHEN emp = 'unemployed' THEN 1 WHEN emp = 'retired' AND rr IN (2, 3) AND la > 20000 THEN 2 WHEN rr <= 3 AND la <= 50000 THEN 3 WHEN rr = 1 AND la > 50000 AND la <= 100000 THEN 4 ELSE 5 END AS ar,
  CASE WHEN rr = 1 THEN 1 WHEN rr <= 3 THEN 2 ELSE 3 END AS br
FROM (SELECT *, CASE WHEN cs >= 740 AND dti <= 3000 THEN 1 WHEN cs >= 680 AND dti <= 4300 THEN 2 WHEN cs >= 620 AND cs < 680 AND dti <= 3600 THEN 3 ELSE 4 END AS rr
FROM (SELECT *, edti + ndti AS dti
FROM (SELECT *, CASE WHEN ai = 0 THEN 10000 ELSE eq + CAST(er2 > ai OR (er2 = ai AND eq % 2 = 1) AS BIGINT) END AS edti,
  CASE WHEN ai = 0 THEN 10000 ELSE nq + CAST(nr2 > ai OR (nr2 = ai AND nq % 2 = 1) AS BIGINT) END AS ndti
FROM (SELECT *, en // aiz AS eq, 2 * (en - (en // aiz) * aiz) AS er2, nn // aiz AS nq, 2 * (nn - (nn // aiz) * aiz) AS nr2
FROM (SELECT *, CAST(md AS BIGINT) * 120000 AS en, mpc * 1200 AS nn, CAST(NULLIF(ai, 0) AS BIGINT) AS aiz
FROM (SELECT *, mq + CAST(mr2 > 60 OR (mr2 = 60 AND mq % 2 = 1) AS BIGINT) AS mpc
FROM (SELECT *, (CAST(la AS BIGINT) * 100) // 60 AS mq, 2 * (CAST(la AS BIGINT) * 100 - ((CAST(la AS BIGINT) * 100) // 60) * 60) AS mr2
FROM (SELECT file_row_number + 1 AS line, id, CAST(to_json(id) AS VARCHAR) AS idj, "credit score" AS cs, "annual income" AS ai, "monthly debt" AS md, "loan amount" AS la, "employment" AS emp,
  COALESCE(("credit score" >= 300 AND "credit score" <= 850) AND "annual income" >= 0 AND "annual income" < 1000000 AND "monthly debt" >= 0 AND "monthly debt" < 10000 AND "loan amount" > 0 AND "loan amount" < 1000000 AND "employment" IN ('salaried', 'contractor', 'retired', 'unemployed'), FALSE) AS scored
FROM read_parquet('SOURCE', file_row_number = true))))))))))))) TO 'TARGET' (FORMAT parquet, DICTIONARY_SIZE_LIMIT 4096)
