import "server-only";

// Phrase banks for the demo data: sentences a thesis, antithesis and synthesis persona might
// write, in English and Korean. {a} {b} {c} stand for the seed prompt's subjects (English only). The banks
// are sorted by what the heuristic judge rewards (seed 002 §3): reasoning and example
// markers, role words, sentiment tokens, critical words and questions — so a response built
// from more of them scores higher, and the demo spreads over all four quality levels.

export type PhraseBank = {
  opening: readonly string[];
  /** Neutral sentences that add length only. */
  filler: readonly string[];
  reasoning: readonly string[];
  example: readonly string[];
  /** Sentences with the persona role's keywords. */
  role: readonly string[];
  /** Sentences dense with sentiment tokens in the persona's direction. */
  tone: readonly string[];
  /** Antithesis only: critical words and questions. */
  critical: readonly string[];
};

/** A seed prompt; `subjects` fill {a} {b} {c}, `topics` are sentences on the prompt's own words. */
export type DemoPrompt = { text: string; language: "en" | "ko"; subjects: readonly [string, string, string]; topics: readonly string[] };

export const DEMO_PROMPTS: readonly DemoPrompt[] = [
  {
    text: "How can coastal cities prepare their housing for rising seas over the next thirty years?",
    language: "en",
    subjects: ["coastal housing", "rising seas", "the next thirty years"],
    topics: ["Coastal cities have to prepare their housing now, not when the rising seas arrive.", "Thirty years is one mortgage, so housing decisions made next year still matter then."],
  },
  {
    text: "Should public libraries become the main place where adults learn digital skills?",
    language: "en",
    subjects: ["public libraries", "digital skills", "adult learners"],
    topics: ["Public libraries already teach digital skills informally.", "The real question is whether the main place for adults to learn should be a library or a workplace."],
  },
  {
    text: "What would a fair four-day working week look like for hospital nurses?",
    language: "en",
    subjects: ["a four-day week", "hospital nurses", "fair rotas"],
    topics: ["A fair four-day working week would look different on a hospital ward than in an office.", "Nurses would need the week to cover nights and weekends fairly."],
  },
  {
    text: "How should a small town share water during a long drought without breaking trust?",
    language: "en",
    subjects: ["water sharing", "the drought", "trust between neighbours"],
    topics: ["A small town can share water fairly only if people believe the numbers.", "A long drought tests trust more than it tests pipes, without any breaking point announced in advance."],
  },
  {
    text: "Can open-source software sustain itself without depending on large companies?",
    language: "en",
    subjects: ["open-source maintainers", "sustainable funding", "large companies"],
    topics: ["Open-source software can sustain itself in some niches without depending on large companies.", "Software maintained by volunteers behaves differently from software companies pay for."],
  },
  {
    text: "How might schools teach children to question online information without cynicism?",
    language: "en",
    subjects: ["media literacy", "schools", "healthy scepticism"],
    topics: ["Schools can teach children to question online information without teaching them that nothing is true.", "Cynicism is the failure mode of teaching children to question information online."],
  },
  {
    text: "What should a city do with empty office buildings after remote work became normal?",
    language: "en",
    subjects: ["empty office buildings", "remote work", "housing conversions"],
    topics: ["Empty office buildings are a city problem and a city opportunity.", "Remote work became normal faster than office leases could change."],
  },
  {
    text: "How can rural clinics use telemedicine while keeping personal care for older patients?",
    language: "en",
    subjects: ["telemedicine", "rural clinics", "older patients"],
    topics: ["Rural clinics can use telemedicine for routine checks while keeping personal care for older patients.", "Older patients value the clinic visit for more than the diagnosis."],
  },
  {
    text: "Is a universal basic income a realistic answer to automation in logistics work?",
    language: "en",
    subjects: ["a basic income", "automation", "logistics workers"],
    topics: ["Universal basic income is one realistic answer to automation, not the only one.", "Logistics work is where automation arrives first and most visibly."],
  },
  {
    text: "How should research teams share negative results so that science wastes less effort?",
    language: "en",
    subjects: ["negative results", "research teams", "shared registries"],
    topics: ["Research teams that share negative results save other teams months of effort.", "Science wastes effort when results that failed are never shared."],
  },
  {
    text: "What would make community energy cooperatives attractive for apartment residents?",
    language: "en",
    subjects: ["energy cooperatives", "apartment residents", "shared rooftops"],
    topics: ["Community energy cooperatives would be attractive to apartment residents if joining were simple.", "Residents of an apartment block rarely control their own roof, which shapes what community energy can do."],
  },
  {
    text: "How can museums return cultural objects while keeping education about their history?",
    language: "en",
    subjects: ["restitution", "museum education", "cultural objects"],
    topics: ["Museums can return cultural objects and still keep education about their history alive.", "The history of an object includes how it left home, and museums should say so."],
  },
  {
    text: "지속가능한 도시 공동체를 어떻게 설계할 수 있을까?",
    language: "ko",
    subjects: ["", "", ""],
    topics: ["지속가능한 도시는 주민이 함께 설계할 때 오래갑니다.", "공동체를 중심에 두면 설계의 우선순위가 달라집니다."],
  },
  {
    text: "인공지능 시대에 청소년 교육과정은 무엇을 바꿔야 할까?",
    language: "ko",
    subjects: ["", "", ""],
    topics: ["인공지능 시대에는 질문하는 능력이 더 중요해집니다.", "청소년 교육과정은 암기보다 판단을 가르쳐야 합니다."],
  },
  {
    text: "고령화 사회에서 지역 돌봄 네트워크를 어떻게 만들 수 있을까?",
    language: "ko",
    subjects: ["", "", ""],
    topics: ["고령화 사회에서 돌봄은 가족만의 일이 될 수 없습니다.", "지역 돌봄 네트워크를 만들려면 이웃과 기관이 함께 움직여야 합니다."],
  },
];

const EN_FILLER = [
  "There are several ways to read the situation.",
  "It helps to describe the starting point plainly before going further.",
  "Different groups will experience the change in different ways.",
  "Much of this depends on decisions that have not been made yet.",
  "The timeline matters as much as the goal itself.",
  "People tend to judge a plan by the first year they live with it.",
  "Local context changes what is practical.",
  "None of these points stands on its own.",
];

export const BANKS: Readonly<Record<"en" | "ko", Readonly<Record<"thesis" | "antithesis" | "synthesis", PhraseBank>>>> = {
  en: {
    thesis: {
      opening: ["Let us start from what is already possible.", "I want to open this question up rather than close it.", "The seed invites a wide view."],
      filler: EN_FILLER,
      reasoning: [
        "This matters because {a} shapes daily life long before any policy names it.",
        "Since {b} already exists in small forms, we can build on it; therefore the first step is modest.",
        "Thus the question is less whether to act than how quickly.",
      ],
      example: [
        "For example, a pilot in one district could show how {a} works for {b}.",
        "Consider an instance such as a neighbourhood that pooled {b} and kept it running for a decade.",
      ],
      role: [
        "We should explore how {a} could expand beyond its current niche.",
        "There is potential here that we have not yet begun to discover.",
        "If we explore further, we may discover allies we did not expect and expand what {b} can mean.",
      ],
      tone: [
        "There is real hope here: trust, growth and creative care can support each other.",
        "Handled with balance, this is an opportunity for progress and resilience.",
        "Success would improve stability and align people around shared potential.",
      ],
      critical: [],
    },
    antithesis: {
      opening: ["I want to push back on the thesis.", "The thesis is attractive, and that is exactly why it needs testing.", "Let me take the other side."],
      filler: EN_FILLER,
      reasoning: [
        "This is a problem because {a} rarely reaches the people who need it most.",
        "Since budgets are fixed, every gain in {b} is a loss somewhere else; therefore the costs must be named.",
      ],
      example: [
        "For example, earlier programmes for {a} stalled once the first grant ended.",
        "Cases such as failed {b} schemes show how quickly goodwill turns into doubt.",
      ],
      role: [
        "I want to challenge the assumption that {a} scales by itself.",
        "We should question who carries the risk, and raise the concern openly.",
        "The concern is not the goal but the path, and that deserves a hard question.",
      ],
      tone: [
        "The risk is real: fear, conflict and tension could block the whole effort.",
        "There is a danger of collapse when a weakness becomes a barrier.",
        "Every error compounds the problem and deepens the doubt.",
      ],
      critical: [
        "However, the thesis may overlook the people with the least power.",
        "But who pays when it fails?",
        "What happens when the enthusiasm fades?",
        "The plan seems to ignore a basic limitation and a serious flaw in its assumptions.",
        "Is there any evidence that this works at scale?",
        "However attractive, the idea has a weakness we cannot ignore.",
      ],
    },
    synthesis: {
      opening: ["Both sides see something true.", "The two positions are closer than they look.", "Let me try to hold both views at once."],
      filler: EN_FILLER,
      reasoning: [
        "Because the thesis is right about {a} and the antithesis is right about cost, the plan needs both.",
        "Therefore we can keep the ambition while adding checks that answer the concern.",
        "Hence the synthesis is a sequence, not a compromise.",
      ],
      example: [
        "For example, a staged rollout of {a} with a public review of {b} after each year.",
        "Measures such as open reporting on {c} would let both sides see progress.",
      ],
      role: [
        "We can integrate the two views and reconcile ambition with caution.",
        "A way to synthesize them is to combine small pilots with honest evaluation.",
        "To reconcile the positions, integrate the critics into the design itself.",
      ],
      tone: [
        "That balance gives hope, builds trust and supports steady growth.",
        "The result is progress with harmony, and resilience that can improve over time.",
        "Aligned this way, the effort can expand with care and stability.",
      ],
      critical: [],
    },
  },
  ko: {
    thesis: {
      opening: ["먼저 가능성부터 살펴보겠습니다.", "이 질문을 넓게 열어 보고 싶습니다."],
      filler: ["상황을 차분하게 정리해 볼 필요가 있습니다.", "사람마다 변화를 다르게 경험합니다.", "아직 정해지지 않은 부분이 많습니다.", "지역의 맥락이 실천 방식을 바꿉니다."],
      reasoning: ["왜냐하면 이 문제는 일상에서 먼저 드러나기 때문입니다.", "따라서 첫 단계는 작고 구체적이어야 합니다."],
      example: ["예를 들어 한 동네에서 시범 사업을 해 볼 수 있습니다.", "가령 주민이 함께 운영하는 작은 모임이 좋은 출발점입니다."],
      role: ["지금의 한계 너머에 있는 새로운 가능성을 탐색해 볼 수 있습니다.", "작은 실험을 확장하면 더 큰 변화를 탐색할 수 있습니다."],
      tone: ["여기에는 hope와 trust, 그리고 growth의 가능성이 있습니다.", "균형 있게 진행하면 progress와 resilience를 얻을 수 있습니다."],
      critical: [],
    },
    antithesis: {
      opening: ["정립의 주장에 반박하고 싶습니다.", "매력적인 제안일수록 더 검증이 필요합니다."],
      filler: ["상황을 차분하게 정리해 볼 필요가 있습니다.", "사람마다 변화를 다르게 경험합니다.", "아직 정해지지 않은 부분이 많습니다."],
      reasoning: ["왜냐하면 예산은 한정되어 있기 때문입니다.", "따라서 비용을 분명히 밝혀야 합니다."],
      example: ["예를 들어 이전 사업은 지원금이 끝나자 멈췄습니다."],
      role: ["이 접근에는 분명한 문제가 있습니다.", "누가 위험을 부담하는지 반박의 여지가 있습니다."],
      tone: ["risk와 conflict, tension이 전체 노력을 block할 수 있습니다.", "작은 error가 problem을 키우고 doubt를 낳습니다."],
      critical: [
        "하지만 이 계획은 가장 약한 사람들을 간과하고 있습니다.",
        "그러나 실패하면 누가 책임집니까?",
        "우려되는 위험과 한계가 분명합니다.",
        "열기가 식으면 어떻게 됩니까?",
      ],
    },
    synthesis: {
      opening: ["두 입장 모두 일리가 있습니다.", "두 관점은 생각보다 가깝습니다."],
      filler: ["상황을 차분하게 정리해 볼 필요가 있습니다.", "사람마다 변화를 다르게 경험합니다.", "지역의 맥락이 실천 방식을 바꿉니다."],
      reasoning: ["왜냐하면 정립과 반정립이 각각 다른 위험을 보고 있기 때문입니다.", "그러므로 단계적인 접근이 필요합니다."],
      example: ["예를 들어 매년 공개 평가를 거치는 단계적 도입을 생각할 수 있습니다.", "구체적으로 시범 사업과 독립적인 검토를 함께 운영할 수 있습니다."],
      role: ["두 관점을 통합하면 조화로운 길이 보입니다.", "비판을 설계에 통합하여 조화를 이룰 수 있습니다."],
      tone: ["이런 balance는 hope와 trust를 키우고 growth를 support합니다."],
      critical: [],
    },
  },
};

export const PERSONAS = [
  { id: "thesis", name: "Dialectic Thesis", role: "Seed explorer", digest: "System instruction: You open the seed prompt and explore what it makes possible..." },
  { id: "antithesis", name: "Boundary Challenger", role: "Critical reflector", digest: "System instruction: You challenge blind spots in the previous answer..." },
  { id: "synthesis", name: "Fractal Synthesiser", role: "Integrator", digest: "System instruction: You integrate thesis and antithesis into a new position..." },
] as const;

export const BACKENDS = [
  { backend_id: "local_ollama", type: "subprocess" },
  { backend_id: "openai_gpt4o", type: "http" },
  { backend_id: "vllm_llama3", type: "http" },
] as const;
