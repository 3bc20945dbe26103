// Yes/no facts that are awaited (issue 33): a declaration whose proof is not sent yet ("they say
// they're exempt but haven't sent the certificate yet"), a request still waiting ("applied for the
// exemption certificate, still waiting"), a check under way ("PEP screening: in corso") establish
// nothing: missing, not read, in every language the readers know; the fact said plainly is read.
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const pricing = modelOf("pricing").ir.inputs;
const kyc = modelOf("kyc-risk").ir.inputs;

describe("a yes/no fact that is awaited", () => {
  const AWAITED: [typeof pricing, string, string][] = [
    [pricing, "tax exempt", "Tax: they say they're exempt but haven't sent the certificate yet - finance will chase it."],
    [pricing, "tax exempt", "They asked about sales tax exemption, said they'd send the certificate, haven't got it yet."],
    [pricing, "tax exempt", "Applied for the sales tax exemption certificate last month, still waiting."],
    [kyc, "pep", "PEP screening is in progress, result expected Friday."],
    [kyc, "pep", "Screening PEP: in corso, esito atteso la prossima settimana."],
    [kyc, "pep", "Screening PEP: en cours, résultat attendu vendredi."],
    [kyc, "pep", "PEP-Screening: in Bearbeitung, Ergebnis kommt Freitag."],
    [kyc, "pep", "Screening PEP: em andamento, resultado na sexta."],
    [kyc, "pep", "Screening PEP: en trámite, resultado el viernes."],
    [kyc, "adverse media", "Adverse media check staat nog open, uitslag volgt."],
    [kyc, "adverse media", "Adverse media: sprawdzenie w toku, wynik w piątek."],
    [kyc, "adverse media", "Adverse media: kontrollen pågår, svar på fredag."],
  ];
  it("is not read", () => {
    for (const [inputs, name, text] of AWAITED) expect(readText(inputs, text)[name], text).toBeUndefined();
  });

  it("is read when said plainly, its proof in hand", () => {
    expect(readText(pricing, "They are tax exempt and sent the certificate last week.")["tax exempt"]?.value).toBe(true);
    expect(readText(kyc, "PEP screening complete: no match. Adverse media screening is in progress.")["pep"]?.value).toBe(false);
  });
});
