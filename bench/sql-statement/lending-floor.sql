-- The statement's floor: lending's output columns, of the same types, from the inputs by a cast each
-- (no query), read and written as the engine's statement reads and writes them. Not the model's values.
COPY (SELECT file_row_number + 1 AS "row", CAST(to_json(id) AS VARCHAR) AS "id", CAST("loan amount" AS DOUBLE) AS "monthly payment", CAST("annual income" AS DOUBLE) AS "existing dti", CAST("monthly debt" AS DOUBLE) AS "new dti", CAST("credit score" AS DOUBLE) AS "debt to income", employment AS "risk", "credit score" > 700 AS "approved", CAST("monthly debt" AS DOUBLE) + 1 AS "base rate", CAST("loan amount" AS DOUBLE) + 1 AS "rate",
  CAST(NULL AS STRUCT(code VARCHAR, message VARCHAR, errors STRUCT(address VARCHAR, code VARCHAR, message VARCHAR)[])) AS "error"
FROM read_parquet('SOURCE', file_row_number = true)) TO 'TARGET' (FORMAT parquet, DICTIONARY_SIZE_LIMIT 4096)
